import Foundation

/// Locale-free, deterministic text for numbers in messages and reports: whole numbers without a
/// decimal point, others in Swift's shortest round-trip form after rounding away binary noise
/// (so 0.1 * 3 prints as 0.3).
public enum NumberText {
    public static func format(_ value: Double, significantDigits: Int = 10) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = roundedToSignificant(value, digits: significantDigits)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        return String(rounded)
    }

    public static func roundedToSignificant(_ value: Double, digits: Int) -> Double {
        guard value != 0, value.isFinite else { return value }
        let magnitude = Int(floor(log10(abs(value))))
        let scale = pow(10.0, Double(digits - 1 - magnitude))
        return (value * scale).rounded() / scale
    }

    /// `1,234,567` for counts in text reports.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }
}
