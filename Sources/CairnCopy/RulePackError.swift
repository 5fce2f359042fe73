/// A rule file or the approved-copy file that cannot be used, with where and how to fix it.
public struct RulePackError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let line: Int?
    public let key: String?
    public let problem: String

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let key { return "\(place): key '\(key)': \(problem)" }
        return "\(place): \(problem)"
    }
}
