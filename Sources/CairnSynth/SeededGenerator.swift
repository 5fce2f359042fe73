/// SplitMix64: a small, fast, seedable generator whose sequence is the same on every platform
/// and Swift version, which the system generator does not promise. The demo dataset and
/// synthetic scenarios are re-made byte for byte from their seeds.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// Uniform integer in the range.
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// Normal deviate by Box-Muller, with only +, *, log, sqrt and cos, whose results are the
    /// same wherever IEEE 754 arithmetic and glibc's libm are.
    public mutating func normal(mean: Double, sd: Double) -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return mean + sd * (-2 * Glibc.log(u1)).squareRoot() * Glibc.cos(2 * Double.pi * u2)
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[integer(0...(items.count - 1))]
    }
}

import Glibc
