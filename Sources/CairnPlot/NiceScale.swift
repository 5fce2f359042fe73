import Foundation

/// Axis ticks at round numbers: steps of 1, 2 or 5 times a power of ten, covering the data,
/// about `target` of them (Heckbert's "nice numbers", as plotting libraries choose them).
public struct NiceScale: Sendable, Equatable {
    public let lower: Double
    public let upper: Double
    public let step: Double

    public init(minimum: Double, maximum: Double, target: Int = 5) {
        var low = minimum, high = maximum
        if low == high {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad
            high += pad
        }
        let rough = (high - low) / Double(max(1, target))
        let power = pow(10, floor(log10(rough)))
        let fraction = rough / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        step = nice * power
        lower = floor(low / step) * step
        upper = ceil(high / step) * step
    }

    /// The tick values, lower to upper inclusive.
    public var ticks: [Double] {
        let count = Int(((upper - lower) / step).rounded())
        return (0...count).map { lower + Double($0) * step }
    }

    /// A tick's label with as many decimals as the step needs.
    public func label(_ value: Double) -> String {
        let decimals = max(0, -Int(floor(log10(step) + 1e-9)))
        let text = String(format: "%.\(decimals)f", value)
        return text == "-0" ? "0" : text
    }
}
