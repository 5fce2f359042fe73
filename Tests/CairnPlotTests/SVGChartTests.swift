import CairnCore
import CairnPlot
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("Pictures")
struct SVGChartTests {
    /// Expected ticks worked by hand from Heckbert's rule: range / 5 rounded up to 1, 2 or 5
    /// times a power of ten, the ends floored and ceiled to the step.
    @Test("axis ticks fall on round numbers that cover the data", arguments: [
        (3.7, 9.2, 2.0, 2.0, 10.0),
        (0.0, 1.0, 0.2, 0.0, 1.0),
        (97.0, 143.0, 10.0, 90.0, 150.0),
        (5.3, 5.9, 0.2, 5.2, 6.0),
        (-3.0, 3.0, 2.0, -4.0, 4.0),
    ])
    func ticks(minimum: Double, maximum: Double, step: Double, lower: Double, upper: Double) {
        let scale = NiceScale(minimum: minimum, maximum: maximum)
        #expect(abs(scale.step - step) < 1e-12)
        #expect(abs(scale.lower - lower) < 1e-9 && abs(scale.upper - upper) < 1e-9)
        #expect(scale.lower <= minimum && scale.upper >= maximum)
    }

    @Test("tick labels carry the decimals the step needs")
    func labels() {
        #expect(NiceScale(minimum: 5.3, maximum: 5.9).ticks.map { NiceScale(minimum: 5.3, maximum: 5.9).label($0) }
                == ["5.2", "5.4", "5.6", "5.8", "6.0"])
        #expect(NiceScale(minimum: 97, maximum: 143).ticks.map { NiceScale(minimum: 97, maximum: 143).label($0) }
                == ["90", "100", "110", "120", "130", "140", "150"])
    }

    @Test("readings outside the band are crosses, inside are dots; the band, the mark and the title are drawn")
    func picture() throws {
        func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }
        let series = SVGChart.Series(label: "LDL Cholesterol", unit: "mg/dL", points: [
            .init(day: day("2025-01-10"), value: 90), .init(day: day("2025-04-10"), value: 100),
            .init(day: day("2025-07-10"), value: 100.5), .init(day: day("2025-10-10"), value: 130),
        ], high: 100)
        let hdl = SVGChart.Series(label: "HDL <good>", unit: "mg/dL", points: [.init(day: day("2025-02-01"), value: 39)], low: 40)
        let chart = SVGChart(title: "Markers — maya", series: [series, hdl],
                             marks: [.init(day: day("2025-06-01"), label: "gate open")])
        let svg = chart.render()
        // 100 is the band's edge: inside. 100.5 and 130 above it, 39 below 40.
        #expect(svg.components(separatedBy: "class=\"outside\"").count - 1 == 3)
        #expect(svg.components(separatedBy: "class=\"reading\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"band\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"mark\"").count - 1 == 2)
        #expect(svg.contains("HDL &lt;good&gt; (mg/dL)"))
        #expect(svg.contains(">2025-04<") && svg.contains(">2025-07<"))
        // Well-formed XML, and the same bytes every time.
        _ = try XMLDocument(xmlString: svg)
        #expect(chart.render() == svg)
    }
}
