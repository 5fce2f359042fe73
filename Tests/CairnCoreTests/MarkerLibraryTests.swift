import Testing
@testable import CairnCore

@Suite("Marker library")
struct MarkerLibraryTests {
    let library = MarkerLibrary.builtIn

    /// The 28 markers Glance's roadmap (seed 001, task 1.5) requires at minimum.
    static let glanceMarkers = [
        "HDL", "LDL", "Total Cholesterol", "Triglycerides", "A1C", "Fasting Glucose", "ALT", "AST", "GGT",
        "Creatinine", "eGFR", "BUN", "Hemoglobin", "Hematocrit", "WBC", "Platelets", "Vitamin D", "Vitamin B12",
        "Calcium", "Iron", "Ferritin", "TSH", "T4 Free", "Systolic BP", "Diastolic BP", "Heart Rate", "BMI", "Weight",
    ]

    @Test("holds every marker the Glance roadmap lists", arguments: glanceMarkers)
    func glanceMarker(name: String) {
        #expect(library.resolve(name) != nil, "\(name) does not resolve")
    }

    @Test("every built-in marker is complete: category, unit, ranges, aliases and a LOINC code")
    func complete() {
        #expect(library.markers.count >= 28)
        for marker in library.markers {
            #expect(!marker.category.isEmpty && !marker.unit.isEmpty, "\(marker.id)")
            #expect(marker.plausibleMin != nil && marker.plausibleMax != nil, "\(marker.id) has no plausible range")
            #expect(!marker.aliases.isEmpty, "\(marker.id) has no aliases")
            #expect(!marker.loincCodes.isEmpty, "\(marker.id) has no LOINC code")
            #expect(!marker.isCustom)
            if let low = marker.referenceLow, let high = marker.referenceHigh { #expect(low < high, "\(marker.id)") }
            if let low = marker.referenceLow { #expect(marker.plausibleMin! < low, "\(marker.id)") }
            if let high = marker.referenceHigh { #expect(marker.plausibleMax! > high, "\(marker.id)") }
        }
    }

    @Test("resolves by id, name, alias or LOINC code, ignoring case and spacing", arguments: [
        ("good cholesterol", "hdl"), ("HDL-C", "hdl"), ("2085-9", "hdl"), ("  Good   Cholesterol ", "hdl"),
        ("hdl cholesterol", "hdl"), ("bad cholesterol", "ldl"), ("HbA1c", "a1c"), ("4548-4", "a1c"),
        ("glycated hemoglobin", "a1c"), ("SGPT", "alt"), ("25(OH)D", "vitamin-d"), ("thyrotropin", "tsh"),
        ("FT4", "free-t4"), ("top number", "systolic-bp"), ("pulse", "heart-rate"), ("8302-2", "height"),
        ("2339-0", "fasting-glucose"), ("33914-3", "egfr"),
    ])
    func resolve(name: String, id: String) {
        #expect(library.resolve(name)?.id == id)
    }

    @Test("unknown names resolve to nothing and get suggestions")
    func unknown() {
        #expect(library.resolve("cholestrol hdl") == nil)
        #expect(library.resolve("") == nil)
        #expect(library.suggestions(for: "trigliserides").contains("Triglycerides"))
        #expect(library.suggestions(for: "zzzzzzzzzz").isEmpty)
    }

    @Test("search is case-insensitive and partial")
    func search() {
        #expect(library.search("cholest").map(\.id).contains("hdl"))
        #expect(library.search("CHOLEST").map(\.id).contains("total-cholesterol"))
    }

    @Test("units convert to the marker's unit; unknown units do not", arguments: [
        ("hdl", 1.0, "mmol/L", 38.67), ("hdl", 89.0, "MG/DL", 89.0), ("hdl", 89.0, nil, 89.0),
        ("systolic-bp", 120.0, "mm[Hg]", 120.0), ("platelets", 250.0, "10*3/uL", 250.0),
        ("wbc", 6.1, "x10^9/L", 6.1), ("heart-rate", 72.0, "/min", 72.0), ("vitamin-d", 50.0, "nmol/L", 20.03),
        ("weight", 150.0, "lb", 68.0388555), ("body-temperature", 98.6, "°F", 37.0), ("iron", 100.0, "µg/dL", 100.0),
        ("iron", 100.0, "mcg/dL", 100.0), ("egfr", 90.0, "mL/min/{1.73_m2}", 90.0), ("bmi", 22.0, "kg/m2", 22.0),
        ("a1c", 48.0, "mmol/mol", 6.54304),
    ])
    func convert(id: String, value: Double, unit: String?, expected: Double) throws {
        let marker = try #require(library.marker(id: id))
        let converted = try #require(marker.valueInDefaultUnit(value, unit: unit))
        #expect(abs(converted - expected) < 1e-6 * max(1, abs(expected)))
    }

    @Test("a unit that cannot be converted is refused")
    func unconvertible() throws {
        let hdl = try #require(library.marker(id: "hdl"))
        #expect(hdl.valueInDefaultUnit(1, unit: "%") == nil)
        #expect(hdl.valueInDefaultUnit(1, unit: "mmol/mol") == nil)
    }

    @Test("plausible range: inside at both boundaries, outside just beyond")
    func plausible() throws {
        let hdl = try #require(library.marker(id: "hdl"))
        #expect(!hdl.isImplausible(5) && !hdl.isImplausible(200))
        #expect(hdl.isImplausible(4.99) && hdl.isImplausible(200.01))
    }

    /// Glance PRD 12 asks for the plausible-range boundaries of every predefined marker: each
    /// bound is inside, and a step of a thousandth of the range beyond it is outside.
    @Test("plausible range of every built-in marker: inside at both bounds, outside just beyond",
          arguments: MarkerLibrary.builtIn.markers.map(\.id))
    func plausibleEveryMarker(id: String) throws {
        let marker = try #require(library.marker(id: id))
        let low = try #require(marker.plausibleMin), high = try #require(marker.plausibleMax)
        let step = (high - low) / 1000
        #expect(!marker.isImplausible(low) && !marker.isImplausible(high), "\(id)")
        #expect(marker.isImplausible(low - step) && marker.isImplausible(high + step), "\(id)")
        #expect(!marker.isImplausible((low + high) / 2), "\(id)")
    }

    /// Glance roadmap 1.5: "Categories: Heart, Metabolic, Liver, Kidney, Blood, Vitamins &
    /// Minerals, Thyroid, General". Every built-in marker is in one of them, and each is used.
    @Test("categories are the roadmap's eight")
    func categories() {
        let roadmap: Set = ["Heart", "Metabolic", "Liver", "Kidney", "Blood", "Vitamins & Minerals", "Thyroid", "General"]
        #expect(Set(library.markers.map(\.category)) == roadmap)
        #expect(library.marker(id: "systolic-bp")?.category == "General")
        #expect(library.marker(id: "sodium")?.category == "Metabolic")
        #expect(library.marker(id: "hdl")?.category == "Heart")
    }

    @Test("a custom marker that reuses a library name is refused")
    func customConflict() {
        var library = MarkerLibrary.builtIn
        let custom = MarkerDefinition(id: "ketones", displayName: "Ketones", category: "Custom", unit: "mmol/L",
                                      aliases: ["HDL"], isCustom: true)
        #expect(throws: MarkerLibrary.ConflictError.nameTaken(name: "hdl", existingMarkerID: "hdl")) {
            try library.add(custom)
        }
        #expect(library.resolve("ketones") == nil)
        let fine = MarkerDefinition(id: "ketones", displayName: "Ketones", category: "Custom", unit: "mmol/L",
                                    aliases: ["BHB"], isCustom: true)
        #expect(throws: Never.self) { try library.add(fine) }
        #expect(library.resolve("bhb")?.id == "ketones")
    }

    @Test("BMI is derived for adults and seniors only")
    func bmi() {
        let adult = Profile(id: "a", memberType: .adult, heightCm: 180, weightKg: 81)
        #expect(abs(adult.bodyMassIndex! - 25) < 1e-9)
        #expect(Profile(id: "c", memberType: .child, heightCm: 130, weightKg: 28).bodyMassIndex == nil)
        #expect(Profile(id: "n", heightCm: 180, weightKg: 81).bodyMassIndex == nil)
    }
}
