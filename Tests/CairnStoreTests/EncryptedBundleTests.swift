import Foundation
import Testing
@testable import CairnStore

/// The encrypted bundle opens exactly, or not at all.
@Suite("Encrypted bundle")
struct EncryptedBundleTests {
    /// A real (empty) dataset file, sealed at a low scrypt cost so every byte can be tried.
    static let sealed: (plain: Data, bundle: Data) = {
        let directory = TemporaryDirectory()
        let path = directory.path + "/empty.sqlite"
        _ = try! Dataset.openOrCreate(path)
        let plain = FileManager.default.contents(atPath: path)!
        let bundle = try! EncryptedBundle.seal(plain, passphrase: "correct horse", cost: .init(logN: 10, r: 8, p: 1))
        return (plain, bundle)
    }()

    @Test("the right passphrase gives back the same bytes; a wrong one is refused")
    func roundTrip() throws {
        #expect(try EncryptedBundle.open(Self.sealed.bundle, passphrase: "correct horse") == Self.sealed.plain)
        #expect(throws: EncryptedBundle.Failure.cannotOpen) { try EncryptedBundle.open(Self.sealed.bundle, passphrase: "correct horsE") }
        #expect(throws: EncryptedBundle.Failure.notABundle) { try EncryptedBundle.open(Data("SQLite format 3".utf8), passphrase: "x") }
    }

    @Test("every single flipped byte of the bundle is refused")
    func everyByte() throws {
        let bundle = [UInt8](Self.sealed.bundle)
        let (header, cost, salt) = try EncryptedBundle.parseHeader(Self.sealed.bundle)
        let key = try EncryptedBundle.deriveKey(passphrase: "correct horse", salt: salt, cost: cost)
        var opened = 0
        for index in bundle.indices {
            var changed = bundle
            changed[index] ^= 0x01
            let data = Data(changed)
            if index < EncryptedBundle.headerLength {
                // A changed header changes the key, the parameters or the authenticated data.
                if (try? EncryptedBundle.open(data, passphrase: "correct horse")) != nil { opened += 1 }
            } else if (try? EncryptedBundle.open(data, header: header, key: key)) != nil {
                opened += 1
            }
        }
        #expect(bundle.count > 10_000)
        #expect(opened == 0)
    }
}
