import CairnModuleKit
import CairnCore
import CairnStats

/// What sleep-correlation@3 carries from one replay step to the next: the nights counted so
/// far in each group, and which of them a headache day followed.
///
/// Why it stays exact: a night counts when the day after it lies in the diary's span (and, for
/// the comparison, is over by the as-of instant). Nights come in date order and, while the span
/// starts on the same day and neither its end nor the as-of instant goes back, those conditions
/// only ever admit the next nights in that order, so the counted nights grow at the end. A night
/// is counted for the comparison only once the day after it is over, when every headache that
/// began that day is already visible: whether a headache day followed it never changes after.
/// Anything else (the span's start moved, the data is not a later cut) starts afresh.
public final class SleepCarry {
    private let profile: String
    private let sleepStart: Int
    private var sleepEnd: Int
    private var first: CalendarDay?
    private var last: CalendarDay?
    private var asOf = Int.min
    /// Nights from `start` to `gateEnd` count for the gates, to `groupsEnd` for the comparison.
    private var start: Int?
    private var gateEnd = 0, gateShort = 0, gateLong = 0
    private var groupsEnd = 0
    private var groups = SleepCorrelationV2.Groups()
    private var followed = SleepCorrelationV2.Groups()

    init(_ input: ProfileData) {
        profile = input.profile.id
        sleepStart = input.sleep.startIndex
        sleepEnd = sleepStart
    }

    /// Whether `input` as of `asOf` is a later cut of the data this carry has seen, with the
    /// same span start and no earlier span end.
    func continues(_ input: ProfileData, asOf: Int) -> Bool {
        guard input.profile.id == profile, input.sleep.startIndex == sleepStart, input.sleep.endIndex >= sleepEnd,
              asOf >= self.asOf else { return false }
        let span = DiaryWindows.diarySpan(input)
        guard span?.lowerBound == first else { return false }
        guard let last else { return true }
        return span.map { $0.upperBound >= last } ?? false
    }

    /// The gates as of `asOf`, the nights counted brought up to date.
    func gates(_ module: SleepCorrelationV2, _ input: ProfileData, asOf: Int) -> [Gate] {
        let zone = input.zone, nights = input.sleep
        sleepEnd = nights.endIndex
        self.asOf = asOf
        guard let span = DiaryWindows.diarySpan(input) else {
            return module.gates(resolved: input.resolvedHeadacheCount, short: 0, long: 0)
        }
        first = span.lowerBound
        last = span.upperBound
        if start == nil {
            var index = nights.startIndex
            while index < nights.endIndex && nights[index].nightOf.adding(days: 1) < span.lowerBound { index += 1 }
            // Until a night reaches the span's start, look again at the next step.
            if index < nights.endIndex { start = index; gateEnd = index; groupsEnd = index }
        }
        if start != nil {
            // Made only on a step that counts a night for the comparison.
            var headacheDays: Set<CalendarDay>?
            while gateEnd < nights.endIndex && nights[gateEnd].nightOf.adding(days: 1) <= span.upperBound {
                if nights[gateEnd].durationMinutes < module.shortHours * 60 { gateShort += 1 } else { gateLong += 1 }
                gateEnd += 1
            }
            while groupsEnd < gateEnd && zone.startOfDay(nights[groupsEnd].nightOf.adding(days: 2)) - 1 <= asOf {
                let night = nights[groupsEnd]
                if headacheDays == nil { headacheDays = Set(input.headaches.map(\.onset.day)) }
                let isFollowed = headacheDays!.contains(night.nightOf.adding(days: 1))
                if night.durationMinutes < module.shortHours * 60 {
                    groups.short.append(night)
                    if isFollowed { followed.short.append(night) }
                } else {
                    groups.long.append(night)
                    if isFollowed { followed.long.append(night) }
                }
                if let quality = night.quality {
                    if quality <= module.lowQuality {
                        groups.low.append(night)
                        if isFollowed { followed.low.append(night) }
                    } else {
                        groups.high.append(night)
                        if isFollowed { followed.high.append(night) }
                    }
                }
                groupsEnd += 1
            }
        }
        return module.gates(resolved: input.resolvedHeadacheCount, short: gateShort, long: gateLong)
    }

    /// The comparison over the nights counted (after `gates` for the same step).
    func compare(_ module: SleepCorrelationV2, stats: Stats, policy: SleepCorrelationV2.Policy) -> [InsightDraft] {
        module.compare(groups, followed: followed, stats: stats, policy: policy)
    }
}
