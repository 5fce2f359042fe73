import CairnCore

/// maya: three years of lab draws and home readings. LDL rises and HDL falls across the last
/// draws, A1c and fasting glucose drift above range, vitamin D starts low and recovers after a
/// supplement, one ALT reading is high, TSH wanders inside her own target range.
struct LabTrackerPersona {
    var random: SeededGenerator
    let profile = "maya"

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func write(into tables: inout DemoTables) {
        tables.profiles.add([profile, "Maya Chen", "America/Chicago", "1978-04-12", "female", "self", "adult",
                             "165", "68.4"])
        tables.referenceOverrides.add([profile, "tsh", "0.5", "3.0"])

        let firstDraw = DemoTime.day("2023-10-16")
        var draws: [CalendarDay] = []
        for k in 0..<10 { draws.append(firstDraw.adding(days: k * 117 + random.integer(-4...4))) }

        var ldl: [Double] = [], hdl: [Double] = [], a1c: [Double] = []
        for (k, draw) in draws.enumerated() {
            let years = Double(draw.daysSinceEpoch - firstDraw.daysSinceEpoch) / 365.25
            ldl.append(112 + 9 * years + random.normal(mean: 0, sd: 3))
            hdl.append(58 - 3 * years + random.normal(mean: 0, sd: 1.5))
            a1c.append(5.3 + 0.17 * years + random.normal(mean: 0, sd: 0.04))
            if k >= draws.count - 2 {
                // The last three draws move one way: the trends the visit-prep rules look for.
                ldl[k] = max(ldl[k], ldl[k - 1] + 4)
                hdl[k] = min(hdl[k], hdl[k - 1] - 1.5)
                a1c[k] = max(a1c[k], a1c[k - 1] + 0.1)
            }
            let triglycerides = (k == 5 ? 186 : 128) + random.normal(mean: 0, sd: 12)
            let glucose = 90 + 4 * years + random.normal(mean: 0, sd: 2)
            let vitaminD = k < 2 ? 21 + random.normal(mean: 0, sd: 1.5) : 34 + random.normal(mean: 0, sd: 2.5)
            let alt = k == 6 ? 63 : 24 + random.normal(mean: 0, sd: 4)
            let source = "batchEntry"
            let date = draw.description
            add(&tables, "ldl", fixed(ldl[k], 0), "mg/dL", date, nil, source)
            add(&tables, "HDL-C", fixed(hdl[k], 0), "mg/dL", date, nil, source)
            add(&tables, "total-cholesterol", fixed(ldl[k] + hdl[k] + triglycerides / 5, 0), "mg/dL", date, nil, source)
            add(&tables, "triglycerides", fixed(triglycerides, 0), "mg/dL", date, k == 5 ? "after a holiday week" : nil, source)
            add(&tables, "HbA1c", fixed(a1c[k], 1), "%", date, nil, source)
            add(&tables, "fasting glucose", fixed(glucose, 0), "mg/dL", date, nil, source)
            if k == 4 {
                // Drawn while travelling: the lab reported nmol/L, which import converts.
                add(&tables, "25-hydroxyvitamin D", fixed(vitaminD / 0.4006, 0), "nmol/L", date, "lab abroad", source)
            } else {
                add(&tables, "vitamin-d", fixed(vitaminD, 0), "ng/mL", date, k == 2 ? "started 2000 IU daily" : nil, source)
            }
            add(&tables, "tsh", fixed(2.1 + random.normal(mean: 0, sd: 0.35), 2), "mIU/L", date, nil, source)
            add(&tables, "alt", fixed(alt, 0), "U/L", date, k == 6 ? "ran a half marathon two days before" : nil, source)
            add(&tables, "creatinine", fixed(0.84 + random.normal(mean: 0, sd: 0.04), 2), "mg/dL", date, nil, source)
            tables.visits.add([profile, date, "labWork", nil, "Northside Lab", "Lipid panel and metabolic panel",
                               nil, "Fasting draw", "routine"])
        }

        // Home blood pressure and weight, the first Saturday of each month.
        var month = DemoTime.day("2023-10-01")
        let lastMonth = DemoTime.day("2026-10-01")
        while month <= lastMonth {
            var day = month
            while (day.daysSinceEpoch + 4) % 7 != 6 { day = day.adding(days: 1) }  // 1970-01-01 was a Thursday.
            let years = Double(day.daysSinceEpoch - month.daysSinceEpoch) / 365.25
                + Double(month.daysSinceEpoch - DemoTime.day("2023-10-01").daysSinceEpoch) / 365.25
            let minute = 7 * 60 + random.integer(0...50)
            let time = DemoTime.local(day, minuteOfDay: minute)
            add(&tables, "systolic-bp", fixed(117 + 2.2 * years + random.normal(mean: 0, sd: 4), 0), "mmHg", time, nil, "quickAdd")
            add(&tables, "diastolic-bp", fixed(76 + random.normal(mean: 0, sd: 3), 0), "mmHg", time, nil, "quickAdd")
            add(&tables, "weight", fixed(68.4 + 0.6 * years + random.normal(mean: 0, sd: 0.5), 1), "kg", time, nil, "quickAdd")
            month = month.firstOfNextMonth
        }

        let visits: [(String, String, String?, String, String, String?, String, String)] = [
            ("2023-11-02", "physical", nil, "Dr. Alvarez", "Annual physical", nil, "Discussed lipid panel", "annual"),
            ("2024-03-14", "dental", nil, "Dr. Patel", "Cleaning", nil, "No issues", "routine"),
            ("2024-06-12", "imaging", nil, "Lakeshore Imaging", "Screening mammogram", nil, "Routine screening", "screening"),
            ("2024-09-19", "dental", nil, "Dr. Patel", "Cleaning", nil, "", "routine"),
            ("2024-10-08", "vision", nil, "Dr. Okonkwo", "Eye exam", nil, "New reading glasses", "annual"),
            ("2024-11-05", "physical", nil, "Dr. Alvarez", "Annual physical", nil, "Asked about vitamin D", "annual"),
            ("2025-02-20", "other", "Physiotherapy", "Sam Reyes", "Knee strength session", nil, "Exercises for running", ""),
            ("2025-03-18", "dental", nil, "Dr. Patel", "Cleaning", nil, "", "routine"),
            ("2025-09-23", "dental", nil, "Dr. Patel", "Cleaning", nil, "", "routine"),
            ("2025-10-14", "vision", nil, "Dr. Okonkwo", "Eye exam", nil, "", "annual"),
            ("2025-11-04", "physical", nil, "Dr. Alvarez", "Annual physical", nil, "Talked about A1c readings", "annual"),
            ("2026-09-22", "specialist", nil, "Dr. Lindqvist", "Endocrinology consult", nil, "Brought three years of A1c readings", "follow-up"),
            ("2026-12-08", "physical", nil, "Dr. Alvarez", "Annual physical", nil, "Planned", "annual|planned"),
        ]
        for visit in visits {
            tables.visits.add([profile, visit.0, visit.1, visit.2, visit.3, visit.4, visit.5,
                               visit.6.isEmpty ? nil : visit.6, visit.7.isEmpty ? nil : visit.7])
        }
    }

    private func add(_ tables: inout DemoTables, _ marker: String, _ value: String, _ unit: String, _ date: String,
                     _ note: String?, _ source: String) {
        tables.readings.add([profile, marker, value, unit, date, note, source])
    }
}
