import CairnCore
import Foundation

/// One file an import will read, and how. Planning reads every file's first bytes and header
/// before anything is written, so an input that must be refused whole is refused up front.
struct ImportInput {
    enum Format: Equatable {
        case contract(ContractTable)
        case synthea(SyntheaFile)
        case appleHealth
        case weather(WeatherFormat)
        case fhir(FHIRFile)
    }

    var path: String
    var format: Format

    var formatName: String {
        switch format {
        case .contract(let table): return table.rawValue
        case .synthea(let file): return "synthea \(file.rawValue)"
        case .appleHealth: return "apple health"
        case .weather(let weather): return weather.rawValue
        case .fhir(let file): return file.isNDJSON ? "fhir ndjson" : "fhir"
        }
    }

    /// Whether the file's rows go through the import's writer thread: files whose rows never
    /// read the dataset as they are stored (everything but profiles, custom markers and
    /// reference overrides, and Synthea's patients).
    var isEventTable: Bool {
        switch format {
        case .contract(let table): return ![.profiles, .markers, .referenceOverrides].contains(table)
        case .synthea(let file): return file != .patients
        case .appleHealth, .weather: return true
        // Patients read the dataset as they are stored, visits give their row to conditions:
        // FHIR rows run at once.
        case .fhir: return false
        }
    }

    /// Load order: contract tables in contract order, then Synthea's files in theirs
    /// (`SyntheaFile`), FHIR documents, then Bulk Data files by resource type (`FHIRFile`),
    /// Apple Health exports, then weather files (whose `--profile` a profiles
    /// file may define); within a group by path in natural order (`part-2` before `part-10`).
    static func loadsBefore(_ a: ImportInput, _ b: ImportInput) -> Bool {
        func group(_ input: ImportInput) -> Int {
            switch input.format {
            case .contract(let table): return ContractTable.allCases.firstIndex(of: table)!
            case .synthea(let file): return ContractTable.allCases.count + file.loadOrder
            case .fhir(let file): return ContractTable.allCases.count + SyntheaFile.allCases.count + file.loadRank
            case .appleHealth: return ContractTable.allCases.count + SyntheaFile.allCases.count + FHIRFile.typeOrder.count + 2
            case .weather: return ContractTable.allCases.count + SyntheaFile.allCases.count + FHIRFile.typeOrder.count + 3
            }
        }
        if group(a) != group(b) { return group(a) < group(b) }
        return NaturalOrder.precedes(a.path, b.path)
    }

    /// Expands directories, checks each file is CSV text with a usable header, and decides its
    /// format. Returns the inputs in load order and the directory files that were passed over.
    static func plan(sources: [String], format: ImportOptions.InputFormat?) throws(ImportError)
        -> (inputs: [ImportInput], ignored: [String]) {
        var inputs: [ImportInput] = []
        var ignored: [String] = []
        for source in sources {
            switch FileKind.of(source) {
            case .missing:
                throw .sourceNotFound(path: source)
            case .file:
                inputs.append(try inspect(source, format: format, inDirectory: false)!)
            case .directory:
                let base = source.hasSuffix("/") ? String(source.dropLast()) : source
                var found = 0
                for name in dataFiles(in: base) {
                    let path = base + "/" + name
                    if let input = try inspect(path, format: format, inDirectory: true) {
                        inputs.append(input)
                        found += 1
                    } else {
                        ignored.append(path)
                    }
                }
                // A folder named after a table holds that table's parts, whatever their names.
                for folder in entries(in: base) where format != .synthea && FileKind.of(base + "/" + folder) == .directory {
                    guard let table = ContractTable.forFolderName(folder) else { continue }
                    for name in csvFiles(in: base + "/" + folder) {
                        let path = base + "/" + folder + "/" + name
                        inputs.append(try contract(path, table: table, header: try readHeader(path)))
                        found += 1
                    }
                }
                if found == 0 { throw .emptyDirectory(path: source) }
            }
        }
        inputs.sort(by: loadsBefore)
        return (inputs, ignored)
    }

    private static func entries(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted(by: NaturalOrder.precedes)
    }

    /// The files of a folder an import reads: CSV (not Cairn's own rejects files), JSON, FHIR
    /// Bulk Data ndjson and XML.
    private static func dataFiles(in directory: String) -> [String] {
        entries(in: directory).filter { name in
            let lower = name.lowercased()
            let known = lower.hasSuffix(".csv") || lower.hasSuffix(".json") || lower.hasSuffix(".xml") || lower.hasSuffix(".ndjson")
            return known && !lower.hasSuffix(".rejects.csv") && FileKind.of(directory + "/" + name) == .file
        }
    }

    /// What a file is, from its first bytes: a weather service's file, an Apple Health export,
    /// FHIR R4 JSON (a JSON object naming a resourceType, or a `.ndjson` Bulk Data file whose
    /// first line does), or CSV (a contract table or a Synthea file). An XML or JSON file Cairn cannot read is
    /// refused with what it seems to be, or passed over in a directory (nil).
    private static func inspect(_ path: String, format: ImportOptions.InputFormat?, inDirectory: Bool) throws(ImportError) -> ImportInput? {
        let prefix = FileKind.prefix(path, count: 1 << 16)
        if prefix.starts(with: FileKind.sqliteMagic) { throw .sqliteGivenAsSource(path: path) }
        if let nul = prefix.firstIndex(of: 0) { throw .notCSV(path: path, detail: "binary content: a NUL byte at offset \(nul)") }
        let first = prefix.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if let expected = format?.weatherFormats {
            guard let weather = WeatherFormat.recognize(prefix: prefix, path: path), expected.contains(weather) else {
                if inDirectory { return nil }
                throw .notForImport(path: path, what: "is not \(format!.rawValue) weather (\(FileDescription.of(prefix: prefix, path: path)))")
            }
            return ImportInput(path: path, format: .weather(weather))
        }
        // Before weather, which reads a JSON file whole to see its keys: a FHIR file is known by
        // its first bytes, and a Bulk Data file may be gigabytes.
        if format == nil || format == .fhir, let fhir = FHIRFile.recognize(prefix: prefix, path: path) {
            return ImportInput(path: path, format: .fhir(fhir))
        }
        if format == .appleHealth || (format == nil && first == UInt8(ascii: "<")) {
            guard AppleHealthExport.recognize(prefix: prefix) else {
                if inDirectory { return nil }
                throw .notForImport(path: path, what: FileDescription.of(prefix: prefix, path: path)
                                    + "; Cairn reads XML only as an Apple Health export (export.xml from the Health app)")
            }
            return ImportInput(path: path, format: .appleHealth)
        }
        if format == nil, let weather = WeatherFormat.recognize(prefix: prefix, path: path) {
            return ImportInput(path: path, format: .weather(weather))
        }
        if format == .fhir {
            if inDirectory { return nil }
            throw .notForImport(path: path, what: "is not FHIR R4 JSON (\(FileDescription.of(prefix: prefix, path: path))); "
                                + "Cairn reads a Bundle or resource naming its resourceType, or Bulk Data .ndjson files")
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            if inDirectory { return nil }
            throw .notForImport(path: path, what: FileDescription.of(prefix: prefix, path: path)
                                + "; Cairn reads JSON as FHIR R4 (a Bundle or resource with a resourceType, or Bulk Data .ndjson), "
                                + "as its own export (cairn export --to json), or as Open-Meteo or PVGIS hourly weather "
                                + "(cairn import FILE --profile P)")
        }
        return try classify(path, header: try readHeader(path), format: format, inDirectory: inDirectory)
    }

    /// The CSV files of a folder (not Cairn's own rejects files), in natural order.
    private static func csvFiles(in directory: String) -> [String] {
        entries(in: directory).filter { name in
            let lower = name.lowercased()
            return lower.hasSuffix(".csv") && !lower.hasSuffix(".rejects.csv") && FileKind.of(directory + "/" + name) == .file
        }
    }

    /// A contract file of a known table, checked for the table's required columns.
    private static func contract(_ path: String, table: ContractTable, header: [String]) throws(ImportError) -> ImportInput {
        let missing = HeaderMap(table: table, header: header).missingRequiredColumns
        guard missing.isEmpty else {
            throw .missingRequiredColumns(path: path, table: table.rawValue, columns: missing)
        }
        return ImportInput(path: path, format: .contract(table))
    }

    /// The format of a file, or nil for a directory file that is neither a table nor Synthea.
    private static func classify(_ path: String, header: [String], format: ImportOptions.InputFormat?,
                                 inDirectory: Bool) throws(ImportError) -> ImportInput? {
        let name = (path as NSString).lastPathComponent
        let synthea = SyntheaFile.recognize(name: name, header: header)
        switch format {
        case .appleHealth, .openMeteo, .nsrdb, .pvgis, .fhir:
            preconditionFailure("\(format!) files are recognised before their CSV header is read")
        case .synthea:
            guard let synthea else {
                if inDirectory { return nil }
                throw .notSynthea(path: path, looksLikeSynthea: SyntheaFile.looksLikeSynthea(header))
            }
            return ImportInput(path: path, format: .synthea(synthea))
        case .contract, nil:
            if let table = ContractTable.forFileName(name) {
                // A file named after a table that is Synthea's (its conditions.csv, medications.csv).
                if format == nil, let synthea, !HeaderMap(table: table, header: header).missingRequiredColumns.isEmpty {
                    return ImportInput(path: path, format: .synthea(synthea))
                }
                return try contract(path, table: table, header: header)
            }
            if format == nil, let synthea { return ImportInput(path: path, format: .synthea(synthea)) }
            if inDirectory { return nil }
            if format == nil && SyntheaFile.looksLikeSynthea(header) { throw .notSynthea(path: path, looksLikeSynthea: true) }
            throw .unknownTable(path: path)
        }
    }

    /// Checks the file is CSV text and returns its header fields.
    private static func readHeader(_ path: String) throws(ImportError) -> [String] {
        let reader: CSVReader
        let hasHeader: Bool
        do {
            reader = try CSVReader(path: path, chunkSize: 1 << 16)
            hasHeader = try reader.readRecord()
        } catch {
            throw ImportError(path: path, failure: error)
        }
        guard hasHeader else { throw .missingHeader(path: path) }
        // A header that is not UTF-8 means the file is in another encoding or not text at all.
        // A bad byte further down rejects only its own row.
        if let bad = firstInvalidUTF8(reader.rawRecord, truncated: false) {
            throw .notCSV(path: path, detail: "the header is not UTF-8 text: byte \(bad) of line 1 cannot start or "
                            + "continue a character")
        }
        return (0..<reader.fieldCount).map { reader.field($0) ?? "" }
    }

    /// The offset of the first byte that breaks UTF-8; with `truncated`, a sequence cut off by the
    /// end of the bytes is not counted.
    static func firstInvalidUTF8(_ bytes: [UInt8], truncated: Bool) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length: Int
            switch lead {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return i
            }
            if i + length > bytes.count { return truncated ? nil : i }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            if String(validating: bytes[i..<(i + length)], as: UTF8.self) == nil { return i }
            i += length
        }
        return nil
    }
}
