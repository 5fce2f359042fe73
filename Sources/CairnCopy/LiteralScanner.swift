/// Finds, in one pass over a text, which gates hold: a gate is what a pattern needs
/// (`NeededWords`), and holds when any of its words is in the text, compared without case.
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
    /// The atoms whose words end at each state. An atom is a gate's own word, or a whole
    /// vocabulary: a vocabulary's words go into the automaton once, however many gates name it.
    private let outputs: [[Int32]]
    /// The nearest state along the failure links with outputs of its own, or -1.
    private let outputLinks: [Int32]
    /// The gates each atom opens.
    private let gatesOfAtom: [[Int32]]

    /// Gates as `NeededWords`, their vocabularies looked up in `vocabularies` (a name not
    /// there, or an empty word, is ignored).
    init(gates: [NeededWords], vocabularies: [String: Vocabulary] = [:]) {
        gateCount = gates.count
        // Atoms: each distinct word, then each vocabulary named.
        var atomOfWord: [String: Int32] = [:]
        var atomOfVocabulary: [String: Int32] = [:]
        var gatesOfAtom: [[Int32]] = []
        for (gate, needs) in gates.enumerated() {
            for word in needs.words where !word.isEmpty {
                let atom = atomOfWord[word] ?? Int32(gatesOfAtom.count)
                if atom == gatesOfAtom.count {
                    atomOfWord[word] = atom
                    gatesOfAtom.append([])
                }
                gatesOfAtom[Int(atom)].append(Int32(gate))
            }
            for name in needs.vocabularies where vocabularies[name] != nil {
                let atom = atomOfVocabulary[name] ?? Int32(gatesOfAtom.count)
                if atom == gatesOfAtom.count {
                    atomOfVocabulary[name] = atom
                    gatesOfAtom.append([])
                }
                gatesOfAtom[Int(atom)].append(Int32(gate))
            }
        }
        var entries: [(word: String, atom: Int32)] = atomOfWord.map { ($0.key, $0.value) }
        for (name, atom) in atomOfVocabulary {
            for word in vocabularies[name]!.requiredWords where !word.isEmpty { entries.append((word, atom)) }
        }
        var symbols = [UInt8](repeating: 0, count: 256)
        var symbolCount = 1
        for entry in entries {
            for byte in entry.word.utf8 where symbols[Int(byte)] == 0 {
                symbols[Int(byte)] = UInt8(symbolCount)
                symbolCount += 1
            }
        }
        self.symbols = symbols
        self.symbolCount = symbolCount
        self.gatesOfAtom = gatesOfAtom
        // The trie, with -1 for a missing child, in the table that becomes the transitions.
        var transitions: [Int32] = Array(repeating: -1, count: symbolCount)
        transitions.reserveCapacity((entries.reduce(0) { $0 + $1.word.utf8.count } + 1) * symbolCount)
        var outputs: [[Int32]] = [[]]
        for entry in entries {
            var state = 0
            for byte in entry.word.utf8 {
                let slot = state * symbolCount + Int(symbols[Int(byte)])
                if transitions[slot] < 0 {
                    transitions[slot] = Int32(outputs.count)
                    outputs.append([])
                    transitions += repeatElement(-1, count: symbolCount)
                }
                state = Int(transitions[slot])
            }
            if !outputs[state].contains(entry.atom) { outputs[state].append(entry.atom) }
        }
        // Breadth first: each state's failure link, and its missing transitions filled in place
        // from its link's (a link is shallower, so filled already; a state's own row is read
        // as children before it is filled).
        var failure = [Int32](repeating: 0, count: outputs.count)
        var outputLinks = [Int32](repeating: -1, count: outputs.count)
        var queue: [Int] = []
        queue.reserveCapacity(outputs.count)
        for symbol in 0..<symbolCount {
            let child = transitions[symbol]
            if child < 0 {
                transitions[symbol] = 0
            } else {
                queue.append(Int(child))
            }
        }
        transitions.withUnsafeMutableBufferPointer { table in
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                let link = Int(failure[state])
                outputLinks[state] = outputs[link].isEmpty ? outputLinks[link] : Int32(link)
                let row = state * symbolCount
                let linkRow = link * symbolCount
                for symbol in 0..<symbolCount {
                    let child = table[row + symbol]
                    let fallback = table[linkRow + symbol]
                    if child < 0 {
                        table[row + symbol] = fallback
                    } else {
                        failure[Int(child)] = fallback
                        queue.append(Int(child))
                    }
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
        var found = [Bool](repeating: false, count: gatesOfAtom.count)
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
            var ending = outputs[state].isEmpty ? Int(outputLinks[state]) : state
            while ending >= 0 {
                for atom in outputs[ending] where !found[Int(atom)] {
                    found[Int(atom)] = true
                    for gate in gatesOfAtom[Int(atom)] { holds[Int(gate)] = true }
                }
                ending = Int(outputLinks[ending])
            }
        }
        return holds
    }
}
