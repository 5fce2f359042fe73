/// Finds, in one pass over a text, which gates hold: a gate is a set of words
/// (`RequiredLiterals`), and holds when any of them is in the text, compared without case.
/// An Aho-Corasick automaton over every rule's words, written out as a table of transitions
/// over the characters the words use, so a pass costs one lookup per byte.
///
/// Without case means as PCRE2 matches without case: ASCII letters in either case, and the
/// three characters past ASCII that PCRE2 also takes for ASCII letters (U+017F long s for "s",
/// U+212A Kelvin sign for "k") or that Unicode lower-cases to one (U+0130 for "i"; U+0131 too,
/// to be safe). Every other byte past ASCII is in no word.
final class LiteralScanner: Sendable {
    let gateCount: Int
    /// The symbol of each byte: 0 for a byte in no word.
    private let symbols: [UInt8]
    private let symbolCount: Int
    /// The next state for each state and symbol.
    private let transitions: [Int32]
    /// The gates whose words end at each state.
    private let outputs: [[Int32]]
    /// The nearest state along the failure links with outputs of its own, or -1.
    private let outputLinks: [Int32]

    /// Gates as sets of lower-case ASCII words (empty words are ignored).
    init(gates: [Set<String>]) {
        gateCount = gates.count
        var symbols = [UInt8](repeating: 0, count: 256)
        var symbolCount = 1
        for word in gates.joined() {
            for byte in word.utf8 where symbols[Int(byte)] == 0 {
                symbols[Int(byte)] = UInt8(symbolCount)
                symbolCount += 1
            }
        }
        self.symbols = symbols
        self.symbolCount = symbolCount
        // The trie, with -1 for a missing child.
        var children: [Int32] = Array(repeating: -1, count: symbolCount)
        var outputs: [[Int32]] = [[]]
        for (gate, words) in gates.enumerated() {
            for word in words where !word.isEmpty {
                var state = 0
                for byte in word.utf8 {
                    let slot = state * symbolCount + Int(symbols[Int(byte)])
                    if children[slot] < 0 {
                        children[slot] = Int32(outputs.count)
                        outputs.append([])
                        children += repeatElement(-1, count: symbolCount)
                    }
                    state = Int(children[slot])
                }
                if outputs[state].last != Int32(gate) { outputs[state].append(Int32(gate)) }
            }
        }
        // Breadth first: each state's failure link and missing transitions from its link's.
        var transitions = children
        var failure = [Int32](repeating: 0, count: outputs.count)
        var outputLinks = [Int32](repeating: -1, count: outputs.count)
        var queue: [Int] = []
        for symbol in 0..<symbolCount {
            let child = children[symbol]
            if child < 0 {
                transitions[symbol] = 0
            } else {
                queue.append(Int(child))
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let link = Int(failure[state])
            outputLinks[state] = outputs[link].isEmpty ? outputLinks[link] : Int32(link)
            for symbol in 0..<symbolCount {
                let slot = state * symbolCount + symbol
                let child = children[slot]
                let fallback = transitions[link * symbolCount + symbol]
                if child < 0 {
                    transitions[slot] = fallback
                } else {
                    failure[Int(child)] = fallback
                    queue.append(Int(child))
                }
            }
        }
        self.transitions = transitions
        self.outputs = outputs
        self.outputLinks = outputLinks
    }

    /// For each gate, whether one of its words is in the text.
    func holding(in text: MatchText) -> [Bool] {
        var holds = [Bool](repeating: false, count: gateCount)
        var state = 0
        let bytes = text.bytes
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            index += 1
            if byte >= 0x41 && byte <= 0x5A {
                byte += 0x20
            } else if byte >= 0x80 {
                byte = 0
                if index < bytes.count {
                    let (lead, next) = (bytes[index - 1], bytes[index])
                    if lead == 0xC5 && next == 0xBF {
                        byte = UInt8(ascii: "s")
                    } else if lead == 0xC4 && (next == 0xB0 || next == 0xB1) {
                        byte = UInt8(ascii: "i")
                    } else if lead == 0xE2 && next == 0x84 && index + 1 < bytes.count && bytes[index + 1] == 0xAA {
                        byte = UInt8(ascii: "k")
                    }
                }
                // The continuation bytes of a folded character are skipped with it.
                if byte != 0 { index += byte == UInt8(ascii: "k") ? 2 : 1 }
            }
            state = Int(transitions[state * symbolCount + Int(symbols[Int(byte)])])
            var found = outputs[state].isEmpty ? Int(outputLinks[state]) : state
            while found >= 0 {
                for gate in outputs[found] { holds[Int(gate)] = true }
                found = Int(outputLinks[found])
            }
        }
        return holds
    }
}
