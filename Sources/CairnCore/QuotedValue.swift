/// A value from a file as a message shows it: at most 60 characters, with the full length said
/// when it was cut, so a megabyte field makes one readable line.
public enum QuotedValue {
    public static let limit = 60

    public static func of(_ value: String) -> String {
        guard value.count > limit else { return "\"\(value)\"" }
        return "\"\(value.prefix(limit))…\" (\(NumberText.grouped(value.count)) characters)"
    }
}
