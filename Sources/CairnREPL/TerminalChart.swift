import CairnCore

/// A marker's readings over time drawn with Unicode: the reference band shaded, readings as
/// dots, out-of-range readings as crosses, sized to the terminal width.
struct TerminalChart {
    let title: String
    let points: [(day: CalendarDay, value: Double)]
    let low: Double?
    let high: Double?
    let width: Int
    var height = 12

    func render() -> String {
        let labelWidth = 8
        let plotWidth = max(20, width - labelWidth - 2)
        let values = points.map(\.value) + [low, high].compactMap { $0 }
        var minimum = values.min()!, maximum = values.max()!
        if minimum == maximum { minimum -= 1; maximum += 1 }
        let padding = (maximum - minimum) * 0.08
        minimum -= padding
        maximum += padding
        let firstDay = points.map(\.day).min()!, lastDay = points.map(\.day).max()!
        let span = max(1, lastDay.daysSinceEpoch - firstDay.daysSinceEpoch)
        func row(_ value: Double) -> Int {
            Int(((maximum - value) / (maximum - minimum) * Double(height - 1)).rounded())
        }
        func column(_ day: CalendarDay) -> Int {
            Int((Double(day.daysSinceEpoch - firstDay.daysSinceEpoch) / Double(span) * Double(plotWidth - 1)).rounded())
        }
        var grid = [[Character]](repeating: [Character](repeating: " ", count: plotWidth), count: height)
        let bandTop = high.map(row) ?? 0, bandBottom = low.map(row) ?? height - 1
        if low != nil || high != nil {
            for r in max(0, bandTop)...min(height - 1, bandBottom) {
                for c in 0..<plotWidth { grid[r][c] = "░" }
            }
        }
        for point in points {
            let outside = (low.map { point.value < $0 } ?? false) || (high.map { point.value > $0 } ?? false)
            grid[row(point.value)][column(point.day)] = outside ? "✕" : "●"
        }
        var lines = [title]
        for r in 0..<height {
            let value = maximum - (maximum - minimum) * Double(r) / Double(height - 1)
            let label = r % 3 == 0 ? NumberText.format(value, significantDigits: 4) : ""
            lines.append(String(repeating: " ", count: max(0, labelWidth - label.count)) + label + " ┤" + String(grid[r]))
        }
        lines.append(String(repeating: " ", count: labelWidth) + " └" + String(repeating: "─", count: plotWidth))
        let first = firstDay.description, last = lastDay.description
        let gap = max(1, plotWidth - first.count - last.count)
        lines.append(String(repeating: " ", count: labelWidth + 2) + first + String(repeating: " ", count: gap) + last)
        var legend = "● reading  ✕ outside the range"
        if low != nil || high != nil {
            legend += "  ░ range " + (low.map { NumberText.format($0) } ?? "…") + "–" + (high.map { NumberText.format($0) } ?? "…")
        }
        lines.append(String(repeating: " ", count: labelWidth + 2) + legend)
        return lines.map { $0.replacingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }
}
