import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A passphrase from a file descriptor (`--passphrase-fd N`, the first line) or typed on the
/// terminal, never from an argument, where other users and shell history would see it.
enum Passphrase {
    static func read(fd: Int32?, confirm: Bool) throws -> String {
        if let fd {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while Glibc.read(fd, &byte, 1) == 1 && byte != 0x0A { bytes.append(byte) }
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            guard !text.isEmpty else { throw CairnFailure("--passphrase-fd \(fd): no passphrase could be read from it") }
            return text
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CairnFailure("give the passphrase on a terminal, or with --passphrase-fd N (never as an argument)")
        }
        guard let first = getpass("Passphrase: ").map({ String(cString: $0) }), !first.isEmpty else {
            throw CairnFailure("no passphrase given")
        }
        if confirm {
            guard let second = getpass("Passphrase again: ").map({ String(cString: $0) }), second == first else {
                throw CairnFailure("the two passphrases differ; nothing was written")
            }
        }
        return first
    }
}
