import CairnCore

/// Imports the rows of one contract table. A row is either stored (perhaps with warnings
/// recorded on the context) or rejected by throwing a `RowRejection`.
protocol ContractRowImporter: AnyObject {
    func importRow(_ row: RowReader) throws
}

enum ContractRowImporters {
    static func make(for table: ContractTable, context: ImportContext,
                     readings: () throws -> ReadingIntake) throws -> ContractRowImporter {
        switch table {
        case .profiles: return try ProfileRowImporter(context: context)
        case .markers: return try CustomMarkerRowImporter(context: context)
        case .referenceOverrides: return try ReferenceOverrideRowImporter(context: context)
        case .readings: return ReadingRowImporter(context: context, intake: try readings())
        case .visits: return try VisitRowImporter(context: context)
        case .conditions, .medicationOrders: return try CareRecordRowImporter(table: table, context: context)
        case .headaches: return try HeadacheRowImporter(context: context)
        case .medications: return try MedicationRowImporter(context: context)
        case .sleep: return try SleepRowImporter(context: context)
        case .weather: return try WeatherRowImporter(context: context)
        case .factors: return try FactorRowImporter(context: context)
        }
    }
}

extension RowReader {
    /// The marker a field names, from the library or the dataset's custom markers. The cache
    /// remembers names already resolved in this file, which repeat on almost every row.
    func marker(_ column: String, in library: MarkerLibrary,
                cache: inout [String: MarkerDefinition]) throws(RowRejection) -> MarkerDefinition {
        let name = try requiredText(column)
        if let known = cache[name] { return known }
        guard let marker = library.resolve(name) else {
            let suggestions = library.suggestions(for: name)
            var message = "\(QuotedValue.of(name)) names no marker in the library or the dataset's markers table"
            if !suggestions.isEmpty {
                message += "; did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
            } else {
                message += "; define it in markers.csv to track it as a custom marker"
            }
            throw invalid(column, message, reason: .unknownMarker)
        }
        cache[name] = marker
        return marker
    }
}
