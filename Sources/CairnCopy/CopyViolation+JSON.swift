import CairnCore

extension CopyViolation: JSONWritable {
    /// As its `Encodable` form: the coding keys in sorted order.
    public func write(to json: inout JSONWriter) {
        json.openObject()
        json.key("claim"); json.string(claim.rawValue)
        json.key("column"); json.integer(column)
        json.key("level"); json.string(level.rawValue)
        json.key("line"); json.integer(line)
        json.key("match"); json.string(match)
        json.key("message"); json.string(message)
        json.key("rule"); json.string(rule)
        json.closeObject()
    }
}
