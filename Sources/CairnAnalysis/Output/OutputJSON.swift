import CairnCopy
import CairnCore
import CairnModuleKit

// The listings' JSON written directly (issue 24: a streaming writer, no encoder and no second
// pass), each the very bytes of the type's `Encodable` form through `JSONText`; the keys of
// each type in sorted order. `JSONWriterTests` compares them with the encoder.

extension JSONWriter {
    /// Evidence as it encodes: a number that is not finite as null.
    public mutating func evidence(_ value: Evidence) {
        switch value {
        case .number(let number): self.number(number)
        case .integer(let integer): self.integer(integer)
        case .text(let text): string(text)
        case .flag(let flag): bool(flag)
        case .list(let values):
            openArray()
            for item in values { element(); evidence(item) }
            closeArray()
        case .object(let members): object(members) { $0.evidence($1) }
        }
    }

    mutating func violations(_ values: [CopyViolation]) {
        openArray()
        for violation in values { element(); violation.write(to: &self) }
        closeArray()
    }
}

extension Insight: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.openObject()
        json.key("as_of"); json.string(asOf)
        json.key("copy_id"); json.string(copyID)
        if !copyWarnings.isEmpty { json.key("copy_warnings"); json.violations(copyWarnings) }
        json.key("evidence"); json.object(evidence) { $0.evidence($1) }
        json.key("kind"); json.string(kind.rawValue)
        if !labels.isEmpty { json.key("labels"); json.object(labels) { $0.string($1) } }
        json.key("module"); json.string(module)
        json.key("non_default"); json.bool(nonDefault)
        json.key("profile"); json.string(profile)
        json.key("provenance"); json.strings(provenance)
        json.key("subject"); json.string(subject)
        json.key("text"); json.string(text.text)
        json.key("version"); json.integer(version)
        json.closeObject()
    }
}

extension WithheldInsight: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.openObject()
        json.key("as_of"); json.string(asOf)
        json.key("copy_id"); json.string(copyID)
        json.key("kind"); json.string(kind.rawValue)
        json.key("module"); json.string(module)
        json.key("profile"); json.string(profile)
        json.key("subject"); json.string(subject)
        json.key("version"); json.integer(version)
        json.key("violations"); json.violations(violations)
        json.closeObject()
    }
}

extension Replay.Event: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.openObject()
        json.key("change"); json.string(change.rawValue)
        json.key("evidence")
        json.openObject()
        for entry in evidence.entries {
            json.key(entry.key)
            json.openObject()
            if let new = entry.change.new { json.key("new"); json.string(new) }
            if let old = entry.change.old { json.key("old"); json.string(old) }
            json.closeObject()
        }
        json.closeObject()
        json.key("kind"); json.string(kind)
        if let labels { json.key("labels"); json.object(labels) { $0.string($1) } }
        json.key("module"); json.string(module)
        if let previousKind { json.key("previous_kind"); json.string(previousKind) }
        if let previousText { json.key("previous_text"); json.string(previousText) }
        json.key("profile"); json.string(profile)
        json.key("step"); json.string(step)
        json.key("subject"); json.string(subject)
        json.key("text"); json.string(text)
        json.key("version"); json.integer(version)
        json.closeObject()
    }
}

extension Replay.GateChange: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.openObject()
        json.key("gate"); json.string(gate)
        json.key("have"); json.integer(have)
        json.key("module"); json.string(module)
        json.key("need"); json.integer(need)
        json.key("profile"); json.string(profile)
        json.key("state"); json.string(state.rawValue)
        json.key("step"); json.string(step)
        json.key("version"); json.integer(version)
        json.closeObject()
    }
}

extension ProfileOutput: JSONWritable {
    /// As `ShardFile.line` encodes it (compact, keys sorted), without the final newline.
    public func write(to json: inout JSONWriter) {
        write(to: &json) { $0.object(items) { $0.strings($1) } }
    }

    /// As `write`, with `items` written by the caller in its place (`ShardFile.line(_:writing:)`).
    func write(to json: inout JSONWriter, items writeItems: (inout JSONWriter) -> Void) {
        json.openObject()
        json.key("counts"); json.object(counts) { $0.integer($1) }
        json.key("index"); json.integer(index)
        json.key("items"); writeItems(&json)
        json.key("lines"); json.strings(lines)
        json.key("trailer"); json.strings(trailer)
        json.closeObject()
    }
}
