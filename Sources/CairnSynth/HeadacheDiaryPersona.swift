import CairnCore

/// lena: six months (March to August 2026) of a headache diary in Berlin, across the spring
/// daylight-saving change. Headaches are drawn each day from a risk that rises after a short or
/// poor night, a pressure drop of 5 hPa or more over the previous 24 hours, a skipped meal or a
/// stressful day, and a bad May; daily coffee carries no risk. Medications: acute ones after
/// most headaches (one of them, naproxen, left unclassified), propranolol daily as prescribed,
/// and magnesium daily left unclassified. One headache came on instantaneously and severe, one
/// instantaneously and moderate; the last one is still active.
struct HeadacheDiaryPersona {
    var random: SeededGenerator
    let profile = "lena"
    let zone = ProfileTimeZone(identifier: "Europe/Berlin")!
    let first = DemoTime.day("2026-03-01")
    let last = DemoTime.day("2026-08-31")

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private struct Day {
        var day: CalendarDay
        var poorSleepBefore = false
        var pressureDrop = false
        var skippedMeal = false
        var stress = false
        var alcoholBefore = false
    }

    mutating func write(into tables: inout DemoTables) {
        tables.profiles.add([profile, "Lena Hoffmann", zone.identifier, "1991-09-03", "female", "self", "adult",
                             "171", "63"])
        let dayCount = last.daysSinceEpoch - first.daysSinceEpoch + 1
        var days = (0..<dayCount).map { Day(day: first.adding(days: $0)) }

        // Sleep: the night that began the evening before each diary day.
        for index in days.indices {
            let night = days[index].day.adding(days: -1)
            let short = random.chance(0.16)
            let minutes = short ? random.normal(mean: 318, sd: 28) : random.normal(mean: 446, sd: 38)
            var quality = minutes > 480 ? 5 : minutes > 420 ? 4 : minutes > 360 ? 3 : minutes > 300 ? 2 : 1
            quality = min(5, max(1, quality + (random.chance(0.2) ? (random.chance(0.5) ? 1 : -1) : 0)))
            days[index].poorSleepBefore = minutes < 360 || quality <= 2
            tables.sleep.add([profile, night.description, fixed(minutes, 0), String(quality), "watch"])
        }

        // Weather, hourly in UTC: a pressure random walk with fronts that drop it 7-14 hPa in a day.
        let startEpoch = zone.startOfDay(first) - 86_400
        let hours = (dayCount + 1) * 24
        var pressure: [Double] = []
        var humidity: [Double] = []
        var level = 1016.0
        var front = 0.0
        var frontHoursLeft = 0
        for hour in 0..<hours {
            if frontHoursLeft == 0 && random.chance(1.0 / 170) {
                frontHoursLeft = 60
                front = random.normal(mean: 10.5, sd: 2)
            }
            var frontEffect = 0.0
            if frontHoursLeft > 0 {
                let elapsed = 60 - frontHoursLeft
                // Falls over the first 24 hours, recovers over the next 36.
                frontEffect = elapsed < 24 ? -front * Double(elapsed) / 24 : -front * Double(60 - elapsed) / 36
                frontHoursLeft -= 1
            }
            level += random.normal(mean: 0, sd: 0.18) + (1016 - level) * 0.01
            pressure.append(level + frontEffect)
            let epoch = startEpoch + hour * 3600
            let localHour = Double((epoch + zone.offset(atEpoch: epoch)) % 86_400) / 3600
            humidity.append(min(100, max(20, 66 - 14 * cosine(localHour / 24) - frontEffect * 2.2
                                          + random.normal(mean: 0, sd: 3))))
        }
        for hour in 0..<hours {
            let epoch = startEpoch + hour * 3600
            let dayOfYear = Double(zone.day(ofEpoch: epoch).daysSinceEpoch - DemoTime.day("2026-01-01").daysSinceEpoch)
            let localHour = Double((epoch + zone.offset(atEpoch: epoch)) % 86_400) / 3600
            let seasonal = 10 - 9 * cosine((dayOfYear - 15) / 365)
            let temperature = seasonal - 4 * cosine((localHour - 3) / 24) + random.normal(mean: 0, sd: 0.8)
            let daylight = max(0, -cosine(localHour / 24))
            let uv = daylight * (2 + 5 * max(0, -cosine((dayOfYear - 15) / 365)))
            let raining = humidity[hour] > 88
            let code = raining ? 61 : humidity[hour] > 78 ? 3 : humidity[hour] > 65 ? 2 : 0
            tables.weather.add([profile, ISODateTimeText.format(epochSeconds: epoch, offsetSeconds: 0),
                                fixed(temperature, 1), fixed(humidity[hour], 0), fixed(pressure[hour], 1),
                                fixed(raining ? uv * 0.3 : uv, 1), String(code)])
        }
        for index in days.indices {
            // The change over the 24 hours before 08:00 local on that day.
            let morning = zone.epoch(of: days[index].day, secondOfDay: 8 * 3600)
            let hour = (morning - startEpoch) / 3600
            days[index].pressureDrop = hour >= 24 && pressure[hour - 24] - pressure[hour] >= 5
        }

        // Daily factors.
        for index in days.indices {
            let day = days[index].day
            let weekday = (day.daysSinceEpoch + 4) % 7  // 0 = Sunday
            let minute = 7 * 60 + 30 + random.integer(0...40)
            tables.factors.add([profile, DemoTime.local(day, minuteOfDay: minute), "caffeine",
                                String(random.integer(1...3))])
            if (weekday == 5 || weekday == 6) && random.chance(0.45) {
                tables.factors.add([profile, DemoTime.local(day, minuteOfDay: 20 * 60 + random.integer(0...90)),
                                    "alcohol", String(random.integer(1...3))])
                if index + 1 < days.count { days[index + 1].alcoholBefore = true }
            }
            if random.chance(0.12) {
                days[index].skippedMeal = true
                tables.factors.add([profile, DemoTime.local(day, minuteOfDay: 12 * 60 + 30), "skipped_meal", nil])
            }
            if random.chance(0.15) {
                days[index].stress = true
                tables.factors.add([profile, day.description, "stress_high", String(random.integer(4...5))])
            }
            if random.chance(0.2) {
                tables.factors.add([profile, day.description, "screen_time_high", fixed(random.normal(mean: 9, sd: 1), 1)])
            }
            if random.chance(0.06) {
                tables.factors.add([profile, DemoTime.local(day, minuteOfDay: 19 * 60), "aged_cheese", nil])
            }
        }

        // Headaches, at most one a day.
        var count = 0
        for index in days.indices {
            let day = days[index]
            var risk = 0.05 + 0.24 * (day.poorSleepBefore ? 1 : 0) + 0.22 * (day.pressureDrop ? 1 : 0)
                + 0.16 * (day.skippedMeal ? 1 : 0) + 0.10 * (day.stress ? 1 : 0) + 0.05 * (day.alcoholBefore ? 1 : 0)
            if day.day.month == 5 { risk = risk * 1.3 + 0.06 }
            guard random.chance(min(risk, 0.9)) else { continue }
            count += 1
            let id = "h" + String(count).leftPadded(3)
            let onsetMinute = random.integer(6 * 60...21 * 60)
            let onsetText = DemoTime.local(day.day, minuteOfDay: onsetMinute)
            let onsetEpoch = zone.epoch(of: day.day, secondOfDay: onsetMinute * 60)
            let durationMinutes = random.integer(150...(26 * 60))
            let resolvedEpoch = onsetEpoch + durationMinutes * 60
            let resolvedText = DemoTime.local(zone.day(ofEpoch: resolvedEpoch), minuteOfDay: localMinute(resolvedEpoch))
            var severity = random.pick([1, 3, 3, 3, 5, 5])
            var speed: String? = random.pick(["gradual", "gradual", "gradual", "moderate", "moderate", ""])
            if day.day == DemoTime.day("2026-04-22") || (day.day > DemoTime.day("2026-04-22") && !placedModerateSudden) {
                (speed, severity, placedModerateSudden) = ("instantaneous", 3, true)
            } else if day.day >= DemoTime.day("2026-07-09") && !placedSevereSudden {
                (speed, severity, placedSevereSudden) = ("instantaneous", 5, true)
            }
            let aura = random.chance(0.14)
            let visual = aura && random.chance(0.6)
            var symptoms: [String] = []
            for symptom in ["nausea", "light_sensitivity", "sound_sensitivity", "neck_pain"] where random.chance(0.35) {
                symptoms.append(symptom)
            }
            let type = aura ? "migraine with aura" : random.pick(["migraine", "tension", "", "migraine"])
            tables.headaches.add([profile, id, onsetText, resolvedText, String(severity), speed?.isEmpty == true ? nil : speed,
                                  aura ? "true" : "false", visual ? "true" : "false",
                                  symptoms.isEmpty ? nil : symptoms.joined(separator: "|"), type.isEmpty ? nil : type,
                                  severity == 5 ? "had to lie down" : nil])

            // Acute medication for most headaches; long ones get a second dose the next morning.
            guard random.chance(0.88) else { continue }
            let (name, dose, acute) = random.pick([
                ("Ibuprofen", "400 mg", "true"), ("Sumatriptan", "50 mg", "true"), ("Paracetamol", "1000 mg", "true"),
                ("Naproxen", "500 mg", ""),
            ])
            let takenEpoch = onsetEpoch + random.integer(20...90) * 60
            tables.medications.add([profile, DemoTime.withOffset(takenEpoch, in: zone), name, dose, acute,
                                    String(random.integer(2...5)), id])
            if day.day.month == 5 {
                let nextMorning = zone.epoch(of: day.day.adding(days: 1), secondOfDay: (7 * 60 + random.integer(0...60)) * 60)
                tables.medications.add([profile, DemoTime.withOffset(nextMorning, in: zone), name, dose, acute,
                                        String(random.integer(2...4)), id])
            }
        }

        // The evening of the last day: a headache still active when the diary ends.
        tables.headaches.add([profile, "h" + String(count + 1).leftPadded(3), DemoTime.local(last, minuteOfDay: 19 * 60 + 40),
                              nil, "3", "gradual", "false", "false", "light_sensitivity", "tension", nil])

        // Preventives, every day: one classified, one left for the preventive-name list.
        for day in days {
            let morning = zone.epoch(of: day.day, secondOfDay: 8 * 3600 + random.integer(0...20) * 60)
            tables.medications.add([profile, DemoTime.withOffset(morning, in: zone), "Propranolol", "40 mg", "false", nil, nil])
            tables.medications.add([profile, DemoTime.local(day.day, minuteOfDay: 21 * 60 + 30), "Magnesium", "400 mg",
                                    nil, nil, nil])
        }
    }

    private var placedModerateSudden = false
    private var placedSevereSudden = false

    private func localMinute(_ epoch: Int) -> Int {
        ((epoch + zone.offset(atEpoch: epoch)) % 86_400) / 60
    }

    private func cosine(_ turns: Double) -> Double {
        Glibc.cos(2 * Double.pi * turns)
    }
}

import Glibc

extension String {
    /// Zero-padded on the left to a width.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
