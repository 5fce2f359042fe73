/// The files of a Synthea CSV export that Cairn reads, recognised by their columns, and the
/// order they load in: patients first (profiles and their zones), then what refers to them.
/// Synthea's other files (allergies, careplans, procedures, claims...) are passed over.
enum SyntheaFile: String, CaseIterable, Sendable {
    case patients, encounters, observations, conditions, medications

    /// The columns Cairn reads from the file; all must be in its header.
    var requiredColumns: [String] {
        switch self {
        case .patients: return ["ID", "BIRTHDATE", "GENDER"]
        case .encounters: return ["ID", "START", "PATIENT", "ENCOUNTERCLASS", "DESCRIPTION"]
        case .observations: return ["DATE", "PATIENT", "CODE", "VALUE", "UNITS", "TYPE"]
        case .conditions: return ["START", "PATIENT", "CODE", "DESCRIPTION"]
        case .medications: return ["START", "PATIENT", "CODE", "DESCRIPTION", "DISPENSES"]
        }
    }

    /// The Synthea file a header is, by columns found only in it; nil for anything else.
    /// Conditions share their columns with other files (allergies, devices, supplies), so they
    /// are recognised by their exact set, or by the file's name; a file named as one of
    /// Synthea's others is never taken for them.
    static func recognize(name: String, header: [String]) -> SyntheaFile? {
        let columns = Set(header.map { $0.trimmingSpaces().uppercased() })
        func has(_ file: SyntheaFile) -> Bool { file.requiredColumns.allSatisfy(columns.contains) }
        let base = name.lowercased().replacingOccurrences(of: ".csv", with: "").replacingOccurrences(of: "synthea_", with: "")
        if let named = SyntheaFile(rawValue: base), has(named) { return named }
        if otherFiles.contains(base) { return nil }
        if has(.observations) { return .observations }
        if has(.encounters) { return .encounters }
        if has(.medications) { return .medications }
        if has(.patients) && columns.contains("FIRST") { return .patients }
        if columns == ["START", "STOP", "PATIENT", "ENCOUNTER", "CODE", "DESCRIPTION"]
            || columns == ["START", "STOP", "PATIENT", "ENCOUNTER", "SYSTEM", "CODE", "DESCRIPTION"] {
            return .conditions
        }
        return nil
    }

    /// The names of the files of a Synthea export that Cairn does not read.
    static let otherFiles: Set<String> = [
        "allergies", "careplans", "claims", "claims_transactions", "devices", "imaging_studies", "immunizations",
        "organizations", "patient_expenses", "payer_transitions", "payers", "procedures", "providers", "supplies",
    ]

    /// Whether a header looks like any file of a Synthea export (a PATIENT column with Synthea's
    /// upper-case names), for messages about files Cairn passes over.
    static func looksLikeSynthea(_ header: [String]) -> Bool {
        let columns = Set(header.map { $0.trimmingSpaces() })
        return columns.contains("PATIENT") || (columns.contains("Id") && columns.contains("BIRTHDATE"))
    }

    var loadOrder: Int { SyntheaFile.allCases.firstIndex(of: self)! }

    /// The contract table its rows go to.
    var table: String {
        switch self {
        case .patients: return "profiles"
        case .encounters: return "visits"
        case .observations: return "readings"
        case .conditions: return "conditions"
        case .medications: return "medication_orders"
        }
    }
}
