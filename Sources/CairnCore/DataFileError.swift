/// A data file Cairn reads (a copy rule pack, a vocabulary, the copy catalog, a scenario) that
/// cannot be used, with the file, line and key, and what is wrong there.
public struct DataFileError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let line: Int?
    public let key: String?
    public let problem: String

    public init(file: String, line: Int?, key: String?, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let key { return "\(place): key '\(key)': \(problem)" }
        return "\(place): \(problem)"
    }
}
