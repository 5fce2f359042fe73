import CairnCore

/// The Okafor family in Sydney (MediFamily): two adults and two children, with physicals,
/// dental and vision checks, a child's specialist and therapy visits, planned future visits, and
/// the growth and blood-pressure readings taken at physicals. Ade was born on a leap day.
struct FamilyPersona {
    var random: SeededGenerator
    /// Check-ups from this day on have not happened yet: no visit or readings are written.
    let today: CalendarDay

    init(seed: UInt64, today: CalendarDay) {
        random = SeededGenerator(seed: seed)
        self.today = today
    }

    private struct Member {
        var id: String, name: String, birth: String, sex: String, relationship: String, type: String
        var height: Double, weight: Double
        /// Growth per year, for the children.
        var heightPerYear: Double, weightPerYear: Double
        var physicalMonthDay: String
    }

    mutating func write(into tables: inout DemoTables) {
        let members = [
            Member(id: "ade", name: "Ade Okafor", birth: "1984-02-29", sex: "male", relationship: "self", type: "adult",
                   height: 180, weight: 84.0, heightPerYear: 0, weightPerYear: 0.4, physicalMonthDay: "-02-27"),
            Member(id: "ngozi", name: "Ngozi Okafor", birth: "1986-07-19", sex: "female", relationship: "spouse",
                   type: "adult", height: 168, weight: 70.0, heightPerYear: 0, weightPerYear: -0.3,
                   physicalMonthDay: "-07-22"),
            Member(id: "tobi", name: "Tobi Okafor", birth: "2015-05-02", sex: "male", relationship: "child",
                   type: "child", height: 128, weight: 26.5, heightPerYear: 5.6, weightPerYear: 3.1,
                   physicalMonthDay: "-05-06"),
            Member(id: "ife", name: "Ife Okafor", birth: "2019-11-23", sex: "female", relationship: "child",
                   type: "child", height: 103, weight: 16.4, heightPerYear: 6.8, weightPerYear: 2.0,
                   physicalMonthDay: "-11-18"),
        ]
        let zone = "Australia/Sydney"
        for (index, member) in members.enumerated() {
            let years = 2.0
            tables.profiles.add([member.id, member.name, zone, member.birth, member.sex, member.relationship,
                                 member.type, fixed(member.height + member.heightPerYear * years, 0),
                                 fixed(member.weight + member.weightPerYear * years, 1)])
            for (yearIndex, year) in ["2024", "2025", "2026"].enumerated() {
                let date = year + member.physicalMonthDay
                guard DemoTime.day(date) < today else { continue }
                let time = DemoTime.local(DemoTime.day(date), minuteOfDay: 9 * 60 + 15 * index)
                tables.visits.add([member.id, time, "physical", nil, "Dr. Nguyen", "Annual check-up", nil,
                                   member.type == "child" ? "Growth on track" : "Routine check",
                                   member.type == "child" ? "school|annual" : "annual"])
                let height = member.height + member.heightPerYear * Double(yearIndex) + random.normal(mean: 0, sd: 0.3)
                let weight = member.weight + member.weightPerYear * Double(yearIndex) + random.normal(mean: 0, sd: 0.4)
                if member.type == "child" {
                    tables.readings.add([member.id, "height", fixed(height, 1), "cm", time, nil, "import"])
                }
                tables.readings.add([member.id, "weight", fixed(weight, 1), "kg", time, nil, "import"])
                if member.type == "adult" {
                    let systolic = (member.id == "ade" ? 128 : 114) + Double(yearIndex) * 3 + random.normal(mean: 0, sd: 3)
                    tables.readings.add([member.id, "systolic", fixed(systolic, 0), "mm[Hg]", time, nil, "import"])
                    tables.readings.add([member.id, "diastolic", fixed(systolic * 0.64, 0), "mm[Hg]", time, nil, "import"])
                }
            }
            // Dental every six months for everyone, in March and September.
            for year in ["2024", "2025", "2026"] {
                for month in ["-03-", "-09-"] {
                    let date = year + month + CalendarDay.padded(10 + index * 2)
                    tables.visits.add([member.id, date, "dental", nil, "Bondi Family Dental", "Check and clean", nil, nil,
                                       "routine"])
                }
            }
            tables.visits.add([member.id, "2026-12-15", "dental", nil, "Bondi Family Dental", "Check and clean", nil,
                               "Booked", "routine|planned"])
        }
        for year in ["2024", "2025", "2026"] {
            tables.visits.add(["tobi", year + "-08-20", "vision", nil, "Dr. Mahmoud", "School eye test", nil, nil, "school"])
            tables.visits.add(["ife", year + "-08-20", "vision", nil, "Dr. Mahmoud", "Eye test", nil, nil, "school"])
        }
        tables.visits.add(["tobi", "2024-10-03", "specialist", nil, "Dr. Greene", "Allergy clinic", "Hay fever",
                           "Spring sneezing, skin prick test", "allergy"])
        tables.visits.add(["tobi", "2025-10-09", "specialist", nil, "Dr. Greene", "Allergy clinic follow-up", "Hay fever",
                           "Review after one season", "allergy|follow-up"])
        var session = DemoTime.day("2025-02-04")
        for _ in 0..<6 {
            tables.visits.add(["ife", session.description, "other", "Speech therapy", "Ms. Clarke", "Speech session",
                               nil, nil, "therapy"])
            session = session.adding(days: 28)
        }
        tables.visits.add(["ngozi", "2025-06-17", "imaging", nil, "Coastal Radiology", "Knee ultrasound", "Knee pain",
                           "After netball", "sport"])
        tables.visits.add(["ade", "2025-02-28", "labWork", nil, "Harbour Pathology", "Blood tests", nil, "Fasting", "annual"])
        tables.readings.add(["ade", "ldl", "3.4", "mmol/L", "2025-02-28", nil, "import"])
        tables.readings.add(["ade", "hdl", "1.2", "mmol/L", "2025-02-28", nil, "import"])
        tables.readings.add(["ade", "a1c", "38", "mmol/mol", "2025-02-28", nil, "import"])
        tables.visits.add(["ade", "2027-02-26", "physical", nil, "Dr. Nguyen", "Annual check-up", nil, "Planned",
                           "annual|planned"])
    }
}
