#if canImport(Glibc)
import Glibc
#endif
import CairnCore
import CairnStore
import Foundation

/// A large readings.csv for benchmarks: profiles p0001... each with readings of a dozen markers
/// spread over ten years, a quarter of them with a time of day. Written in blocks so memory stays
/// flat whatever the row count.
public struct SyntheticReadings {
    public let rows: Int
    public let seed: UInt64

    public init(rows: Int, seed: UInt64 = 7) {
        self.rows = rows
        self.seed = seed
    }

    static let markers: [(name: String, mean: Double, sd: Double, decimals: Int, unit: String)] = [
        ("ldl", 115, 25, 0, "mg/dL"), ("hdl", 55, 10, 0, "mg/dL"), ("total-cholesterol", 190, 30, 0, "mg/dL"),
        ("triglycerides", 130, 40, 0, "mg/dL"), ("a1c", 5.5, 0.4, 1, "%"), ("fasting-glucose", 95, 10, 0, "mg/dL"),
        ("vitamin-d", 32, 9, 0, "ng/mL"), ("tsh", 2.1, 0.8, 2, "mIU/L"), ("alt", 26, 8, 0, "U/L"),
        ("creatinine", 0.9, 0.15, 2, "mg/dL"), ("systolic-bp", 122, 12, 0, "mmHg"), ("weight", 75, 12, 1, "kg"),
    ]

    /// Writes the file; the system's error (errno) when it cannot be created or written, else nil.
    public func write(to path: String) -> Int32? {
        // The folder is made when it is missing, as `cairn synth SCENARIO --out` does.
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        guard let file = fopen(path, "wb") else { return errno }
        var random = SeededGenerator(seed: seed)
        let firstDay = CalendarDay(year: 2015, month: 1, day: 1)!.daysSinceEpoch
        var block = "profile_id,marker,value,unit,date,note,source\n"
        for row in 0..<rows {
            let profile = row / 1000 + 1
            let marker = SyntheticReadings.markers[random.integer(0...(SyntheticReadings.markers.count - 1))]
            let value = max(marker.mean * 0.3, random.normal(mean: marker.mean, sd: marker.sd))
            let day = CalendarDay(daysSinceEpoch: firstDay + random.integer(0...3650))
            var date = day.description
            if random.chance(0.25) {
                date += "T" + CalendarDay.padded(random.integer(6...20)) + ":" + CalendarDay.padded(random.integer(0...59))
            }
            block += "p" + String(repeating: "0", count: max(0, 4 - String(profile).count)) + String(profile) + ","
                + marker.name + "," + fixed(value, marker.decimals) + "," + marker.unit + "," + date + ",,import\n"
            if block.utf8.count > 1 << 20 {
                if fputs(block, file) < 0 {
                    let failure = errno
                    fclose(file)
                    SyntheticReadings.removeHalfFile(path)
                    return failure
                }
                block = ""
            }
        }
        // A write that failed (a full disk) shows at the last write or at close.
        if fputs(block, file) < 0 || ferror(file) != 0 {
            let failure = errno
            fclose(file)
            SyntheticReadings.removeHalfFile(path)
            return failure
        }
        if fclose(file) != 0 {
            let failure = errno
            SyntheticReadings.removeHalfFile(path)
            return failure
        }
        return nil
    }

    /// Removes what a failed write left at `path` when it is a regular file: `--out /dev/full`
    /// names a device, which as root was unlinked and so lost (issue 22).
    static func removeHalfFile(_ path: String) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(path) }
    }
}
