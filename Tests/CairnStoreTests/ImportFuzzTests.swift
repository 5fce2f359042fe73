import CairnCore
import CairnSynth
import Foundation
import Testing
@testable import CairnStore

/// A seeded fuzz test of the importers with a fixed budget (`scripts/fuzz-import` runs the long
/// version): contract CSVs from the demo and the Synthea fixture, mutated byte by byte (flips,
/// deletions, insertions of quotes, commas, line breaks, NULs and invalid UTF-8, truncation,
/// duplicated lines). Every import either refuses the file whole, leaving the target dataset's
/// bytes unchanged, or accounts for every row: imported + rejected + skipped = rows read.
@Suite("Importer fuzzing")
struct ImportFuzzTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["CAIRN_FUZZ_ITERATIONS"] ?? "") ?? 120

    static func seeds() -> [(name: String, bytes: [UInt8])] {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Datasets/demo")
        var out: [(String, [UInt8])] = []
        for name in ["profiles.csv", "readings.csv", "headaches.csv", "medications.csv", "sleep.csv", "factors.csv", "visits.csv"] {
            guard let data = FileManager.default.contents(atPath: demo.appendingPathComponent(name).path) else { continue }
            // The first 60 lines keep each iteration fast.
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(60)
            out.append((name, Array(lines.joined(separator: "\n").utf8)))
        }
        if let synthea = FileManager.default.contents(atPath: fixturePath("synthea/observations.csv")) {
            out.append(("observations.csv", Array(synthea.prefix(6_000))))
        }
        return out
    }

    static func mutate(_ bytes: [UInt8], random: inout SeededGenerator) -> [UInt8] {
        var out = bytes
        let inserts: [[UInt8]] = [[0x22], [0x2C], [0x0A], [0x0D, 0x0A], [0x00], [0xFF, 0xFE], [0xC3], Array("NaN".utf8),
                                  Array("9999-99-99".utf8), Array("\"\"\"".utf8), Array(repeating: 0x41, count: 5_000)]
        for _ in 0..<(1 + random.integer(0...5)) where !out.isEmpty {
            let at = random.integer(0...(out.count - 1))
            switch random.integer(0...5) {
            case 0: out[at] ^= UInt8(1 << random.integer(0...7))
            case 1: out.remove(at: at)
            case 2: out.insert(contentsOf: inserts[random.integer(0...(inserts.count - 1))], at: at)
            case 3: out = Array(out.prefix(at))
            case 4:
                let lines = out.split(separator: 0x0A, omittingEmptySubsequences: false)
                let line = lines[random.integer(0...(lines.count - 1))]
                out.insert(contentsOf: Array(line) + [0x0A], at: at)
            default: out[at] = UInt8(random.integer(0...255))
            }
        }
        return out
    }

    @Test("mutated contract and Synthea files never crash, never lose a row, never change a refused target")
    func fuzz() throws {
        let seeds = ImportFuzzTests.seeds()
        #expect(seeds.count >= 7)
        var random = SeededGenerator(seed: 20_261_122)
        let directory = TemporaryDirectory()
        for iteration in 0..<ImportFuzzTests.iterations {
            let seed = seeds[iteration % seeds.count]
            let source = directory.write("case\(iteration)/\(seed.name)", bytes: ImportFuzzTests.mutate(seed.bytes, random: &random))
            let target = directory.path + "/case\(iteration)/data.sqlite"
            // A dataset with content first, so a refused import has something to keep.
            let base = directory.write("case\(iteration)/base/readings.csv", "profile_id,marker,value,date\np,hdl,50,2026-01-01\n")
            let dataset = try Dataset.openOrCreate(target)
            _ = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [base])
            let before = FileManager.default.contents(atPath: target)
            do {
                let report = try DatasetImporter(dataset: dataset, options: ImportOptions(now: testNow)).run(sources: [source])
                for file in report.files {
                    #expect(file.imported + file.rejected + file.skipped == file.rowsRead, "iteration \(iteration), \(seed.name)")
                }
            } catch let error as ImportError {
                _ = error
                #expect(FileManager.default.contents(atPath: target) == before, "iteration \(iteration): a refused import changed the dataset")
            }
        }
    }
}

