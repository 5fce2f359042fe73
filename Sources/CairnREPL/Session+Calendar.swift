import CairnAnalysis
import CairnCore

extension Session {
    /// Aurae's calendar view (seed 002, 5.4: "headache days highlighted — colour-coded by
    /// severity"), as text: each month Monday first, each day that a headache began on marked
    /// by the most severe one, and each month's count. `.calendar` shows the month of the as-of
    /// day and the two before; `.calendar MONTH [MONTH]` a month or a span of months.
    func calendar(_ arguments: [String]) throws -> String {
        let source = try source()
        guard let id = profileID ?? (source.count == 1 ? source.profileIDs.first : nil), let data = try source.load(id) else {
            throw SessionError("choose a profile first with .profile P (the calendar shows one person's headaches)")
        }
        let months = try arguments.map { word -> CalendarDay in
            guard let month = CalendarDay(iso: word + "-01"), word.count == 7 else {
                throw SessionError("\(word) is not a month; usage: .calendar [YYYY-MM [YYYY-MM]]")
            }
            return month
        }
        let cutoff = try asOf(for: data)
        let last = months.last ?? data.zone.day(ofEpoch: cutoff).firstOfMonth
        let first = months.first ?? last.adding(months: -2)
        guard first <= last else { throw SessionError("\(first.monthText) is after \(last.monthText); give the earlier month first") }
        let span = (last.year - first.year) * 12 + last.month - first.month + 1
        guard span <= Session.calendarMonths else {
            throw SessionError("\(first.monthText) to \(last.monthText) is \(span) months; .calendar shows at most \(Session.calendarMonths) at once")
        }
        // The most severe headache that began each day, up to the as-of instant.
        var severest: [CalendarDay: Int] = [:]
        for headache in data.headaches where headache.onset.epochSeconds <= cutoff {
            severest[headache.onset.day] = max(severest[headache.onset.day] ?? 0, headache.severity)
        }
        let shown = (try engine).copyGuard.safeIdentifier(data.profile.id, kind: "profile")
        var lines = ["\(shown): the days headaches began, by the most severe that day   "
                     + Session.severityMarks.map { "\($0.mark) \($0.word)" }.joined(separator: "  ")]
        var month = first
        while month <= last {
            let next = month.firstOfNextMonth
            var counts = [Int: Int]()
            var day = month
            while day < next { if let level = severest[day] { counts[level, default: 0] += 1 }; day = day.adding(days: 1) }
            let total = counts.values.reduce(0, +)
            lines.append("")
            lines.append("\(month.monthText): \(total) headache day\(total == 1 ? "" : "s")"
                         + (total == 0 ? "" : " (" + Session.severityMarks.map { "\($0.word) \(counts[$0.level] ?? 0)" }.joined(separator: ", ") + ")"))
            lines.append(" Mo  Tu  We  Th  Fr  Sa  Su")
            // Monday first: 1970-01-01 was a Thursday.
            let lead = ((month.daysSinceEpoch + 3) % 7 + 7) % 7
            var cells = [String](repeating: "    ", count: lead)
            day = month
            while day < next {
                let mark = severest[day].flatMap { level in Session.severityMarks.last { $0.level <= level }?.mark } ?? " "
                cells.append(String(repeating: " ", count: day.day < 10 ? 2 : 1) + "\(day.day)\(mark)")
                day = day.adding(days: 1)
            }
            for row in stride(from: 0, to: cells.count, by: 7) {
                lines.append(cells[row..<min(row + 7, cells.count)].joined().replacingTrailingSpaces())
            }
            month = next
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most months one `.calendar` prints (three years).
    static let calendarMonths = 36

    /// The marks of Aurae's three severities (D-16: mild 1, moderate 3, severe 5), lightest first.
    static let severityMarks: [(level: Int, mark: String, word: String)] = [(1, "○", "mild"), (3, "◐", "moderate"), (5, "●", "severe")]
}
