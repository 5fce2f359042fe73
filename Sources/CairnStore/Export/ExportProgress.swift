import CairnCore
import Foundation

/// Progress of a long export on a terminal: rows done of the total, the rate, and the time left,
/// rewritten in place on one line. Silent for the first second (a short export shows nothing)
/// and never made when standard error is not a terminal, so logs and pipes get nothing.
public final class ExportProgress {
    private let total: Int
    private let write: (String) -> Void
    private let clock: () -> Date
    private let started: Date
    private var done = 0
    private var lastShown: Date?
    private var shown = false

    /// `clock` is the wall clock but in tests; progress is for the person watching, never in
    /// what an export writes.
    public init(total: Int, clock: @escaping () -> Date = Date.init, write: @escaping (String) -> Void) {
        self.total = total
        self.write = write
        self.clock = clock
        started = clock()
    }

    func row() {
        done += 1
        guard done & 0xFF == 0 else { return }
        let now = clock()
        let elapsed = now.timeIntervalSince(started)
        guard elapsed >= 1, lastShown.map({ now.timeIntervalSince($0) >= 0.25 }) ?? true else { return }
        lastShown = now
        shown = true
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(max(0, total - done)) / rate : 0
        write("\r\u{1B}[K" + ExportProgress.line(done: done, total: total, rate: rate, secondsLeft: left))
    }

    /// Clears the line, when anything was shown.
    public func finish() {
        if shown { write("\r\u{1B}[K") }
    }

    /// "12,000 of 48,000 rows, 9,800 rows/s, about 4 s left".
    static func line(done: Int, total: Int, rate: Double, secondsLeft: Double) -> String {
        let g = NumberText.grouped
        let left = secondsLeft < 60 ? "\(Int(secondsLeft.rounded(.up))) s" : "\(Int((secondsLeft / 60).rounded(.up))) min"
        return "\(g(done)) of \(g(total)) rows, \(g(Int(rate))) rows/s, about \(left) left"
    }
}
