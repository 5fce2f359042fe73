import CairnCore

/// Counts per calendar month as bars, one per month, each labelled with its count: a month's
/// count is one number for the whole month, so a line between months (or through two points)
/// would draw values that never existed.
public struct MonthlyBarChart: Sendable {
    public var title: String
    /// What a bar counts, for the legend ("headache days in the month").
    public var barLabel: String
    public var months: [(month: CalendarDay, count: Int)]
    public var width = 720
    public var plotHeight = 180

    public init(title: String, barLabel: String, months: [(month: CalendarDay, count: Int)]) {
        self.title = title
        self.barLabel = barLabel
        self.months = months
    }

    static let left = 64.0, right = 24.0, top = 40.0, bottom = 56.0

    public func render() -> String {
        let number = SVGChart.number, escape = SVGChart.escape
        let height = MonthlyBarChart.top + Double(plotHeight) + MonthlyBarChart.bottom
        let plotWidth = Double(width) - MonthlyBarChart.left - MonthlyBarChart.right
        let scale = NiceScale(minimum: 0, maximum: Double(max(1, months.map(\.count).max() ?? 1)))
        let plotBottom = MonthlyBarChart.top + Double(plotHeight)
        func y(_ value: Double) -> Double { plotBottom - (value - scale.lower) / (scale.upper - scale.lower) * Double(plotHeight) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(number(height))" \
            viewBox="0 0 \(width) \(number(height))" font-family="sans-serif" font-size="12">
            <title>\(escape(title))</title>
            <desc>\(escape(months.map { "\($0.month.monthText): \($0.count)" }.joined(separator: ", ")))</desc>
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(number(MonthlyBarChart.left))" y="22" font-size="15" font-weight="bold">\(escape(title))</text>

            """
        for tick in scale.ticks {
            let ty = number(y(tick))
            svg += "<line x1=\"\(number(MonthlyBarChart.left))\" x2=\"\(number(MonthlyBarChart.left + plotWidth))\" y1=\"\(ty)\" y2=\"\(ty)\" stroke=\"#dddddd\"/>\n"
            svg += "<text x=\"\(number(MonthlyBarChart.left - 6))\" y=\"\(ty)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(scale.label(tick))</text>\n"
        }
        let slot = plotWidth / Double(max(1, months.count))
        let barWidth = min(64, slot * 0.7)
        for (index, month) in months.enumerated() {
            let centre = MonthlyBarChart.left + slot * (Double(index) + 0.5)
            let top = y(Double(month.count))
            svg += "<rect class=\"bar\" x=\"\(number(centre - barWidth / 2))\" y=\"\(number(top))\" width=\"\(number(barWidth))\" "
                + "height=\"\(number(plotBottom - top))\" fill=\"#127c7c\"><title>\(month.month.monthText): \(month.count)</title></rect>\n"
            svg += "<text x=\"\(number(centre))\" y=\"\(number(top - 4))\" text-anchor=\"middle\">\(month.count)</text>\n"
            svg += "<text x=\"\(number(centre))\" y=\"\(number(plotBottom + 16))\" text-anchor=\"middle\">\(month.month.monthText)</text>\n"
        }
        svg += "<line x1=\"\(number(MonthlyBarChart.left))\" x2=\"\(number(MonthlyBarChart.left + plotWidth))\" y1=\"\(number(plotBottom))\" "
            + "y2=\"\(number(plotBottom))\" stroke=\"#888888\"/>\n"
        svg += "<text x=\"\(number(MonthlyBarChart.left))\" y=\"\(number(height - 12))\" fill=\"#444444\">▮ \(escape(barLabel))</text>\n"
        return svg + "</svg>\n"
    }
}
