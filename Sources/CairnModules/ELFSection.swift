import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One named section of a 64-bit little-endian ELF file, read with pread from an open
/// descriptor: how Cairn learns which kit a module library was built against without loading
/// it (loading runs its initialisers). Only the headers and that section are read, each bounded.
enum ELFSection {
    /// Why the file cannot be read as a shared library for this machine.
    struct NotELF: Error {
        let reason: String
    }

    /// The contents of the section `name` (at most `limit` bytes), or nil when the file has none.
    static func contents(named name: String, descriptor: Int32, limit: Int = 4096) throws(NotELF) -> [UInt8]? {
        let header = read(descriptor, at: 0, count: 64)
        guard header.count == 64, header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
            throw NotELF(reason: "not an ELF shared library")
        }
        guard header[4] == 2, header[5] == 1 else { throw NotELF(reason: "not a 64-bit little-endian ELF library") }
        let sectionsAt = integer(header, 0x28, 8), entrySize = integer(header, 0x3A, 2)
        let count = integer(header, 0x3C, 2), namesIndex = integer(header, 0x3E, 2)
        guard (64...256).contains(entrySize), count > 0, count < 65_280, namesIndex < count, sectionsAt > 0 else {
            throw NotELF(reason: "its ELF section table is missing or damaged")
        }
        let table = read(descriptor, at: sectionsAt, count: entrySize * count)
        guard table.count == entrySize * count else { throw NotELF(reason: "its ELF section table is cut short") }
        func entry(_ index: Int) -> (name: Int, offset: Int, size: Int) {
            let base = index * entrySize
            return (integer(table, base, 4), integer(table, base + 24, 8), integer(table, base + 32, 8))
        }
        let names = entry(namesIndex)
        guard names.size > 0, names.size <= 1 << 24 else { throw NotELF(reason: "its ELF section names are missing") }
        let nameBytes = read(descriptor, at: names.offset, count: names.size)
        let wanted = Array(name.utf8) + [0]
        for index in 0..<count {
            let section = entry(index)
            guard section.name >= 0, section.name + wanted.count <= nameBytes.count,
                  Array(nameBytes[section.name..<section.name + wanted.count]) == wanted else { continue }
            return read(descriptor, at: section.offset, count: min(section.size, limit))
        }
        return nil
    }

    /// `count` bytes at `offset`, fewer at the end of the file or on an error.
    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return pread(descriptor, base + done, count - done, off_t(offset + done))
            }
            if got <= 0 { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }

    /// A little-endian unsigned integer of `width` bytes at `offset` (0 past the end; capped so
    /// that a hostile value cannot overflow the arithmetic above).
    private static func integer(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int {
        guard offset >= 0, offset + width <= bytes.count else { return 0 }
        var value: UInt64 = 0
        for index in (0..<width).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return Int(min(value, 1 << 40))
    }
}
