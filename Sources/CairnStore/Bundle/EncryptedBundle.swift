import Crypto
import _CryptoExtras
import Foundation

/// A dataset file sealed with a passphrase: AES-256-GCM under a key from scrypt (a memory-hard
/// KDF, swift-crypto's `_CryptoExtras`), with the KDF parameters, salt and nonce in a header
/// that the cipher authenticates too. Any changed byte, header or body, and any wrong
/// passphrase, fails the tag check: the bundle opens exactly or not at all.
///
/// Layout: "CAIRNENC" (8 bytes), format version (1), log2 N, r, p (1 byte each), salt (16),
/// nonce (12), then the ciphertext and the 16-byte tag.
public struct EncryptedBundle: Sendable {
    public static let magic = Array("CAIRNENC".utf8)
    static let version: UInt8 = 1
    static let headerLength = 8 + 4 + 16 + 12

    /// scrypt cost: N = 2^logN, block size r, parallelism p. The default takes about 32 MiB and
    /// a tenth of a second; tests use less.
    public struct Cost: Sendable, Equatable {
        public var logN: UInt8, r: UInt8, p: UInt8
        public init(logN: UInt8, r: UInt8, p: UInt8) { self.logN = logN; self.r = r; self.p = p }
        public static let standard = Cost(logN: 15, r: 8, p: 1)

        /// What a header may ask for, before any work: scrypt's memory (128·r·N bytes) at most
        /// 128 MiB, and its work (N·r·p) at most four times the standard cost's. The field
        /// ranges alone allowed 2 GiB and 18 seconds from a changed header (issue 22).
        public var isWithinBounds: Bool {
            guard (10...20).contains(logN), (1...16).contains(r), (1...4).contains(p) else { return false }
            let n = 1 << Int(logN)
            return 128 * Int(r) * n <= 128 << 20 && n * Int(r) * Int(p) <= 4 * (1 << 15) * 8
        }
    }

    public enum Failure: Error, CustomStringConvertible, Sendable, Equatable {
        case notABundle
        case unsupportedVersion(UInt8)
        case badParameters
        case cannotOpen

        public var description: String {
            switch self {
            case .notABundle: return "is not an encrypted Cairn bundle"
            case .unsupportedVersion(let version): return "is a bundle of format \(version), which this Cairn cannot read; update Cairn"
            case .badParameters: return "has key-derivation parameters out of range; the bundle was changed"
            case .cannotOpen: return "cannot be opened: the passphrase is wrong, or the bundle was changed"
            }
        }
    }

    public static func isBundle(_ prefix: [UInt8]) -> Bool { prefix.starts(with: magic) }

    /// Seals `plaintext`; `salt` and `nonce` are random unless given (tests).
    public static func seal(_ plaintext: Data, passphrase: String, cost: Cost = .standard,
                            salt: [UInt8]? = nil) throws -> Data {
        let salt = salt ?? (0..<16).map { _ in UInt8.random(in: 0...255) }
        let nonce = AES.GCM.Nonce()
        var header = Data(magic)
        header.append(contentsOf: [version, cost.logN, cost.r, cost.p])
        header.append(contentsOf: salt)
        header.append(contentsOf: Array(nonce))
        let key = try deriveKey(passphrase: passphrase, salt: salt, cost: cost)
        let box = try AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: header)
        return header + box.ciphertext + box.tag
    }

    /// The plaintext, or a `Failure`.
    public static func open(_ bundle: Data, passphrase: String) throws(Failure) -> Data {
        let (header, cost, salt) = try parseHeader(bundle)
        let key: SymmetricKey
        do { key = try deriveKey(passphrase: passphrase, salt: salt, cost: cost) } catch { throw .badParameters }
        return try open(bundle, header: header, key: key)
    }

    /// The plaintext under a key already derived (the test that flips every byte derives it once).
    static func open(_ bundle: Data, header: Data, key: SymmetricKey) throws(Failure) -> Data {
        let bytes = [UInt8](bundle)
        guard bytes.count >= headerLength + 16 else { throw .cannotOpen }
        let nonceBytes = Array(bytes[(headerLength - 12)..<headerLength])
        do {
            let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonceBytes),
                                            ciphertext: Data(bytes[headerLength..<(bytes.count - 16)]),
                                            tag: Data(bytes[(bytes.count - 16)...]))
            return try AES.GCM.open(box, using: key, authenticating: header)
        } catch {
            throw .cannotOpen
        }
    }

    static func parseHeader(_ bundle: Data) throws(Failure) -> (header: Data, cost: Cost, salt: [UInt8]) {
        let bytes = [UInt8](bundle.prefix(headerLength))
        guard bytes.count == headerLength, isBundle(bytes) else { throw .notABundle }
        guard bytes[8] == version else { throw .unsupportedVersion(bytes[8]) }
        let cost = Cost(logN: bytes[9], r: bytes[10], p: bytes[11])
        // Bounds that keep a changed header from asking for absurd memory or time.
        guard cost.isWithinBounds else { throw .badParameters }
        return (Data(bytes), cost, Array(bytes[12..<28]))
    }

    static func deriveKey(passphrase: String, salt: [UInt8], cost: Cost) throws -> SymmetricKey {
        try KDF.Scrypt.deriveKey(from: Data(passphrase.utf8), salt: salt, outputByteCount: 32,
                                 rounds: 1 << Int(cost.logN), blockSize: Int(cost.r), parallelism: Int(cost.p))
    }
}
