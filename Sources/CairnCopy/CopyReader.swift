import Foundation
import Synchronization

/// The learned reader: a logistic-regression model over `CopyFeatures` tokens, trained by
/// `scripts/copy-model-train` on the development corpora only. It judges meaning the pattern
/// rules have no construction for ("X is your kryptonite"); the rules stay the floor, and the
/// guard blocks when either does.
///
/// Weights are hashed (FNV-1a of the token, modulo 2^bits) and quantised to one signed byte
/// each, so scoring is one table read per token and the file stays small. They load on first
/// use: commands that show only catalog copy never read them.
final class CopyReader: Sendable {
    /// The file's weights, or why they could not be read.
    private let loaded = Mutex<Result<Weights, CopyReaderError>?>(nil)
    let file: URL

    struct Weights: Sendable {
        let bits: UInt32
        let scale: Float
        let bias: Float
        /// The score (a probability) over which a text is blocked, chosen by the training
        /// script's leave-one-corpus-out cross-validation.
        let threshold: Float
        /// The quantised weights as stored, each byte a two's-complement Int8.
        let table: [UInt8]

        func weight(_ token: String) -> Float {
            Float(Int8(bitPattern: table[Int(CopyReader.hash(token) & ((1 << bits) - 1))])) * scale
        }

        /// The probability that the tokens make a claim Cairn must not show.
        func score(_ tokens: [String]) -> Float {
            var sum = bias
            for token in tokens { sum += weight(token) }
            return 1 / (1 + exp(-sum))
        }
    }

    /// The id violations of the reader carry.
    static let ruleID = "learned-reader"
    /// "CRD1": the file format this reader reads.
    static let magic: [UInt8] = Array("CRD1".utf8)

    init(file: URL) {
        self.file = file
    }

    var weights: Result<Weights, CopyReaderError> {
        loaded.withLock { stored in
            if let stored { return stored }
            let made = CopyReader.read(file)
            stored = made
            return made
        }
    }

    /// The header is the magic, then little-endian UInt32 bits, Float32 scale, bias and
    /// threshold; the table of 2^bits signed bytes follows.
    static func read(_ file: URL) -> Result<Weights, CopyReaderError> {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .failure(CopyReaderError(file: file.lastPathComponent, problem: "cannot be read"))
        }
        let bytes = [UInt8](data)
        guard bytes.count >= 20, Array(bytes[0..<4]) == magic else {
            return .failure(CopyReaderError(file: file.lastPathComponent, problem: "is not a copy reader weights file (CRD1)"))
        }
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        let bits = word(4)
        guard (8...24).contains(bits), bytes.count == 20 + (1 << Int(bits)) else {
            return .failure(CopyReaderError(file: file.lastPathComponent, problem: "has a table of the wrong size"))
        }
        let table = Array(bytes[20...])
        return .success(Weights(bits: bits, scale: Float(bitPattern: word(8)), bias: Float(bitPattern: word(12)),
                                threshold: Float(bitPattern: word(16)), table: table))
    }

    /// FNV-1a, 32 bits, over the token's UTF-8: the training script hashes the same way.
    static func hash(_ token: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in token.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    /// A token as a report shows it: its kind prefix dropped, every word masked as a rule's match
    /// is, category markers as they are ("y** <condition>").
    static func display(_ token: String) -> String {
        let body = token.split(separator: ":", maxSplits: 1).last.map(String.init) ?? token
        return body.replacingOccurrences(of: "&", with: " & ").split(separator: " ").map { word in
            word.hasPrefix("<") || word == "^" || word == "$" || word == "&" ? String(word) : CopyViolation.mask(String(word))
        }.joined(separator: " ")
    }

    /// The kind of claim the heaviest tokens point to: the first that names one, by its category
    /// or a word stem of that kind; `.learned` when none does.
    static func claim(of tokens: [String]) -> CopyClaim {
        for token in tokens {
            let body = token.split(separator: ":", maxSplits: 1).last.map(String.init) ?? token
            if body.contains("<condition>") || body.contains("<state>") || body.contains("<symptom>") { return .condition }
            if body.contains("<drug>") || body.contains("<drugclass>") { return .treatment }
            if body.contains("<emergency>") { return .emergency }
            for word in body.split(separator: " ").map(String.init) {
                if let claim = stems.first(where: { stem, _ in word.hasPrefix(stem) })?.claim { return claim }
            }
        }
        return .learned
    }

    /// Word stems that name a kind of claim, tried in this order.
    static let stems: [(stem: String, claim: CopyClaim)] = [
        ("diagnos", .condition), ("disease", .condition), ("disorder", .condition), ("syndrome", .condition),
        ("risk", .forecast), ("forecast", .forecast), ("predict", .forecast), ("tomorrow", .forecast), ("score", .forecast),
        ("chance", .forecast), ("safe", .reassurance), ("fine", .reassurance), ("worry", .reassurance), ("harmless", .reassurance),
        ("normal", .reassurance), ("cause", .causal), ("because", .causal), ("trigger", .causal), ("behind", .causal),
        ("blame", .causal), ("culprit", .causal), ("ai", .ai), ("algorithm", .ai), ("engine", .ai), ("machine", .ai),
        ("urgent", .alarm), ("danger", .alarm), ("alarm", .alarm), ("serious", .alarm), ("immediately", .alarm),
        ("sign", .inference), ("indicat", .inference), ("suggest", .inference), ("means", .inference),
        ("dose", .treatment), ("medic", .treatment), ("supplement", .treatment), ("take", .treatment), ("stop", .directive),
        ("try", .directive), ("avoid", .directive), ("cut", .directive), ("should", .directive), ("must", .directive),
    ]
}
