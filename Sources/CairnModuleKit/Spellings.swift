import Foundation

/// How a person wrote one thing several ways ("Ibuprofen", "IBUPROFEN "): the words shown for it.
public enum Spellings {
    /// The spelling used most, trimmed; among those used as often, the latest.
    public static func mostUsed(_ spellings: [String]) -> String? {
        let trimmed = spellings.map { $0.trimmingCharacters(in: .whitespaces) }
        var counts: [String: Int] = [:]
        for spelling in trimmed { counts[spelling, default: 0] += 1 }
        let most = counts.values.max() ?? 0
        return trimmed.last { counts[$0] == most }
    }
}
