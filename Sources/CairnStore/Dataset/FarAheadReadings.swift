import CairnCore

/// Readings in a directory dataset dated more than a year after everything else its profile
/// logged: a slip of the year typed into a CSV ("2062" for "2026"). A directory read without
/// `--now` refuses nothing as future (what it holds must not depend on the day it is read), so
/// such a reading would silently become the profile's latest day and move every "latest" as-of.
/// Found from the data alone, it is said when the dataset opens, and kept.
public struct FarAheadReadings: Sendable, Equatable {
    public var profileID: String
    /// Readings dated after `otherLatest` plus `gapDays`.
    public var count: Int
    public var firstDay: CalendarDay
    public var lastDay: CalendarDay
    /// The profile's latest day before them (readings, headaches, medications, sleep, factors;
    /// visits may be planned ahead and are left out).
    public var otherLatest: CalendarDay

    /// More than a calendar year (past the same date a year on): a reading that far ahead of a
    /// diary is a typing slip, not a follow-up. 365 days is the SQL's first cut.
    public static let gapDays = 365

    /// One line for the person opening the dataset, the profile shown as `show` makes it safe.
    public func note(dataset: String, show: (String) -> String) -> String {
        let profile = show(profileID)
        let dates = firstDay == lastDay ? "dated \(firstDay)" : "dated \(firstDay) to \(lastDay)"
        return "note: \(dataset): \(count) \(count == 1 ? "reading" : "readings") of \(profile) \(dates), more than a year "
            + "after \(profile)'s other rows (latest \(otherLatest)); kept, and \(lastDay) is now \(profile)'s latest day. "
            + "Check the year, or open with --now DATE to refuse readings after DATE."
    }

    /// Every profile's far-ahead readings, in profile order.
    static func find(in database: SQLiteDatabase) throws(SQLiteError) -> [FarAheadReadings] {
        // Each profile's latest day of anything but readings (four maxima by profile, cheap),
        // with its distinct reading days: a full DISTINCT over every event row cost 2.5 s at
        // 2 million rows, this 0.3 s.
        let statement = try database.prepare("""
            WITH latest(profile_id, day) AS (
                SELECT profile_id, MAX(day) FROM (
                    SELECT profile_id, MAX(onset_at_day) AS day FROM main.headaches GROUP BY profile_id
                    UNION ALL SELECT profile_id, MAX(taken_at_day) FROM main.medications GROUP BY profile_id
                    UNION ALL SELECT profile_id, MAX(night_of_day) FROM main.sleep GROUP BY profile_id
                    UNION ALL SELECT profile_id, MAX(at_day) FROM main.factors GROUP BY profile_id)
                GROUP BY profile_id
            ),
            days AS (
                SELECT DISTINCT profile_id, date_day AS day FROM main.readings
                UNION SELECT profile_id, day FROM latest WHERE day IS NOT NULL
            ),
            gaps AS (
                SELECT profile_id, day, LAG(day) OVER (PARTITION BY profile_id ORDER BY day) AS before FROM days
            ),
            -- The last gap of more than a year in each profile's days, when only readings follow it.
            breaks AS (
                SELECT profile_id, MAX(day) AS first, before FROM gaps
                WHERE before IS NOT NULL AND julianday(day) - julianday(before) > \(gapDays)
                GROUP BY profile_id
            )
            SELECT b.profile_id, b.first, b.before, count(r.id), MAX(r.date_day) FROM breaks b
            JOIN main.readings r ON r.profile_id = b.profile_id AND r.date_day >= b.first
            LEFT JOIN latest l ON l.profile_id = b.profile_id
            WHERE l.day IS NULL OR l.day < b.first
            GROUP BY b.profile_id
            ORDER BY b.profile_id
            """)
        var found: [FarAheadReadings] = []
        while try statement.step() {
            guard let first = CalendarDay(iso: statement.text(1) ?? ""), let before = CalendarDay(iso: statement.text(2) ?? ""),
                  let last = CalendarDay(iso: statement.text(4) ?? "") else { continue }
            // A year by the calendar: 2025-01-01 to 2026-01-02 is more than one, 365 days or not.
            guard first > before.adding(months: 12) else { continue }
            found.append(FarAheadReadings(profileID: statement.text(0) ?? "", count: statement.int(3), firstDay: first,
                                          lastDay: last, otherLatest: before))
        }
        return found
    }
}
