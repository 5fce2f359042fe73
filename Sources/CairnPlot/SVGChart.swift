import CairnCore
import Foundation

/// Series over time as a self-contained SVG picture: one panel per series sharing the time
/// axis (small multiples, so that markers in different units are never forced onto one scale),
/// each with round ticks, its reference band shaded, out-of-range points drawn as crosses, and
/// vertical lines for events such as a gate opening. Deterministic: the same input gives the
/// same bytes (no random ids, fixed number formatting).
public struct SVGChart: Sendable {
    public struct Point: Sendable, Equatable {
        public var day: CalendarDay
        public var value: Double
        public init(day: CalendarDay, value: Double) {
            self.day = day
            self.value = value
        }
    }

    public struct Series: Sendable {
        public var label: String
        public var unit: String
        public var points: [Point]
        /// The reference band, either side optional.
        public var low: Double?
        public var high: Double?
        /// Counts are drawn from 0, so that 7 and 9 headache days do not look like a fall to nothing.
        public var startsAtZero = false

        public init(label: String, unit: String, points: [Point], low: Double? = nil, high: Double? = nil) {
            self.label = label
            self.unit = unit
            self.points = points
            self.low = low
            self.high = high
        }

        public func isOutside(_ value: Double) -> Bool {
            (low.map { value < $0 } ?? false) || (high.map { value > $0 } ?? false)
        }
    }

    /// A vertical line across every panel: a day and what happened on it.
    public struct Mark: Sendable {
        public var day: CalendarDay
        public var label: String
        public init(day: CalendarDay, label: String) {
            self.day = day
            self.label = label
        }
    }

    public var title: String
    public var series: [Series]
    public var marks: [Mark]
    /// The chart read aloud (its `desc`, what a screen reader says).
    public var summary: String?
    /// What a point is, for the legend ("reading" for markers, "value" for evidence).
    public var pointLabel = "reading"
    public var width = 720
    public var panelHeight = 180
    /// The days the time axis spans (nil: the data's and marks' own).
    public var span: ClosedRange<CalendarDay>?

    public init(title: String, series: [Series], marks: [Mark] = []) {
        self.title = title
        self.series = series
        self.marks = marks
    }

    static let left = 64.0, right = 24.0, top = 56.0, gap = 36.0, bottom = 56.0
    static let colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2"]

    public func render() -> String {
        let days = series.flatMap { $0.points.map(\.day.daysSinceEpoch) } + marks.map(\.day.daysSinceEpoch)
        let first = span?.lowerBound.daysSinceEpoch ?? days.min() ?? 0
        let last = max(span?.upperBound.daysSinceEpoch ?? days.max() ?? 1, first + 1)
        let plotWidth = Double(width) - SVGChart.left - SVGChart.right
        let height = SVGChart.top + Double(series.count) * (Double(panelHeight) + SVGChart.gap) + SVGChart.bottom - SVGChart.gap
        func x(_ day: Int) -> Double { SVGChart.left + Double(day - first) / Double(last - first) * plotWidth }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(SVGChart.number(height))" \
            viewBox="0 0 \(width) \(SVGChart.number(height))" font-family="sans-serif" font-size="12">
            <title>\(SVGChart.escape(title))</title>\(summary.map { "\n<desc>" + SVGChart.escape($0) + "</desc>" } ?? "")
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(SVGChart.number(SVGChart.left))" y="22" font-size="15" font-weight="bold">\(SVGChart.escape(title))</text>

            """
        let timeTicks = TimeTicks(first: CalendarDay(daysSinceEpoch: first), last: CalendarDay(daysSinceEpoch: last))
        for (index, one) in series.enumerated() {
            let panelTop = SVGChart.top + Double(index) * (Double(panelHeight) + SVGChart.gap)
            let panelBottom = panelTop + Double(panelHeight)
            let values = one.points.map(\.value) + [one.low, one.high].compactMap { $0 } + (one.startsAtZero ? [0] : [])
            let scale = NiceScale(minimum: values.min() ?? 0, maximum: values.max() ?? 1)
            func y(_ value: Double) -> Double {
                panelBottom - (value - scale.lower) / (scale.upper - scale.lower) * Double(panelHeight)
            }
            let colour = SVGChart.colours[index % SVGChart.colours.count]
            svg += "<g class=\"panel\">\n"
            svg += "<text x=\"\(SVGChart.number(SVGChart.left))\" y=\"\(SVGChart.number(panelTop - 6))\" font-weight=\"bold\">"
                + SVGChart.escape(one.label + (one.unit.isEmpty ? "" : " (\(one.unit))")) + "</text>\n"
            if one.low != nil || one.high != nil {
                let bandTop = y(min(one.high ?? scale.upper, scale.upper)), bandBottom = y(max(one.low ?? scale.lower, scale.lower))
                svg += "<rect class=\"band\" x=\"\(SVGChart.number(SVGChart.left))\" y=\"\(SVGChart.number(bandTop))\" "
                    + "width=\"\(SVGChart.number(plotWidth))\" height=\"\(SVGChart.number(max(0, bandBottom - bandTop)))\" fill=\"#e3f1e3\"/>\n"
            }
            for tick in scale.ticks {
                let ty = SVGChart.number(y(tick))
                svg += "<line x1=\"\(SVGChart.number(SVGChart.left))\" x2=\"\(SVGChart.number(SVGChart.left + plotWidth))\" y1=\"\(ty)\" y2=\"\(ty)\" stroke=\"#dddddd\"/>\n"
                svg += "<text x=\"\(SVGChart.number(SVGChart.left - 6))\" y=\"\(ty)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(scale.label(tick))</text>\n"
            }
            for tick in timeTicks.ticks {
                let tx = SVGChart.number(x(tick.day.daysSinceEpoch))
                svg += "<line x1=\"\(tx)\" x2=\"\(tx)\" y1=\"\(SVGChart.number(panelTop))\" y2=\"\(SVGChart.number(panelBottom))\" stroke=\"#eeeeee\"/>\n"
                if index == series.count - 1 {
                    svg += "<text x=\"\(tx)\" y=\"\(SVGChart.number(panelBottom + 16))\" text-anchor=\"middle\">\(tick.label)</text>\n"
                }
            }
            svg += "<rect x=\"\(SVGChart.number(SVGChart.left))\" y=\"\(SVGChart.number(panelTop))\" width=\"\(SVGChart.number(plotWidth))\" "
                + "height=\"\(panelHeight)\" fill=\"none\" stroke=\"#888888\"/>\n"
            let sorted = one.points.sorted { $0.day < $1.day }
            if sorted.count > 1 {
                svg += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" points=\""
                    + sorted.map { "\(SVGChart.number(x($0.day.daysSinceEpoch))),\(SVGChart.number(y($0.value)))" }.joined(separator: " ") + "\"/>\n"
            }
            for point in sorted {
                let px = x(point.day.daysSinceEpoch), py = y(point.value)
                let hint = "<title>\(point.day) \(SVGChart.escape(NumberText.format(point.value))) \(SVGChart.escape(one.unit))</title>"
                if one.isOutside(point.value) {
                    svg += "<path class=\"outside\" d=\"M\(SVGChart.number(px - 4)),\(SVGChart.number(py - 4))l8,8m0,-8l-8,8\" "
                        + "stroke=\"#b00000\" stroke-width=\"2\">\(hint)</path>\n"
                } else {
                    svg += "<circle class=\"reading\" cx=\"\(SVGChart.number(px))\" cy=\"\(SVGChart.number(py))\" r=\"3\" fill=\"\(colour)\">\(hint)</circle>\n"
                }
            }
            // Marks on one day share a line; their labels stack so that none overlaps another.
            let days = Array(Set(marks.map(\.day))).sorted()
            for (order, day) in days.enumerated() {
                let mx = SVGChart.number(x(day.daysSinceEpoch))
                svg += "<line class=\"mark\" x1=\"\(mx)\" x2=\"\(mx)\" y1=\"\(SVGChart.number(panelTop))\" y2=\"\(SVGChart.number(panelBottom))\" "
                    + "stroke=\"#e08000\" stroke-width=\"1.5\" stroke-dasharray=\"5,3\"/>\n"
                if index == 0 {
                    let label = marks.filter { $0.day == day }.map(\.label).joined(separator: "; ")
                    let anchor = x(day.daysSinceEpoch) > SVGChart.left + plotWidth * 0.6 ? " text-anchor=\"end\" dx=\"-4\"" : " dx=\"4\""
                    svg += "<text x=\"\(mx)\" y=\"\(SVGChart.number(panelTop + 12 + 14 * Double(order)))\"\(anchor) font-size=\"11\" "
                        + "fill=\"#a05000\">\(SVGChart.escape(day.description + ": " + label))</text>\n"
                }
            }
            svg += "</g>\n"
        }
        var legend = "● " + pointLabel
        if series.contains(where: { $0.low != nil || $0.high != nil }) { legend += "   ✕ outside the range   shaded: the reference range" }
        if !marks.isEmpty { legend += "   dashed: the day a gate opened" }
        svg += "<text x=\"\(SVGChart.number(SVGChart.left))\" y=\"\(SVGChart.number(height - 12))\" fill=\"#444444\">\(SVGChart.escape(legend))</text>\n"
        return svg + "</svg>\n"
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Time-axis ticks on round dates: days, weeks, month starts, quarter starts or years,
/// whichever gives about six ticks over the span.
struct TimeTicks {
    let ticks: [(day: CalendarDay, label: String)]

    init(first: CalendarDay, last: CalendarDay) {
        let span = last.daysSinceEpoch - first.daysSinceEpoch
        var ticks: [(CalendarDay, String)] = []
        if span <= 14 {
            var day = first
            while day <= last { ticks.append((day, day.description)); day = day.adding(days: max(1, span / 6)) }
        } else if span <= 120 {
            // From the first Monday (1970-01-01 was a Thursday).
            let weekday = ((first.daysSinceEpoch + 3) % 7 + 7) % 7
            var day = first.adding(days: (7 - weekday) % 7)
            while day <= last { ticks.append((day, day.description)); day = day.adding(days: span <= 60 ? 7 : 14) }
        } else if span <= 3 * 366 {
            let months = span <= 240 ? 1 : span <= 540 ? 3 : 6
            var day = first.firstOfNextMonth
            while day.month % months != 1 % months { day = day.firstOfNextMonth }
            while day <= last {
                ticks.append((day, String(day.description.prefix(7))))
                for _ in 0..<months { day = day.firstOfNextMonth }
            }
        } else {
            let years = max(1, span / 365 / 6)
            var year = first.year + 1
            while let day = CalendarDay(year: year, month: 1, day: 1), day <= last {
                ticks.append((day, String(year)))
                year += years
            }
        }
        self.ticks = ticks.map { (day: $0.0, label: $0.1) }
    }
}
