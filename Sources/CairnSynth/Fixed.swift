/// Locale-free fixed-point text for generated values: `fixed(3.14159, 2)` is "3.14".
func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((value * scale).rounded())
    let negative = scaled < 0
    var digits = String(scaled.magnitude)
    guard decimals > 0 else { return (negative ? "-" : "") + digits }
    if digits.count <= decimals {
        digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
    }
    let split = digits.index(digits.endIndex, offsetBy: -decimals)
    return (negative ? "-" : "") + digits[..<split] + "." + digits[split...]
}
