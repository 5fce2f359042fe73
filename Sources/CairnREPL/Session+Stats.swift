import CairnAnalysis
import CairnCore
import CairnStats

extension Session {
    /// The numeric columns of a read-only query.
    func numericColumns(_ text: String) throws -> (names: [String], values: [[Double]]) {
        guard !text.isEmpty else { throw SessionError("give a query, e.g. SELECT value FROM readings WHERE marker = 'ldl'") }
        let (columns, rows) = try userQuery(text)
        var values = [[Double]](repeating: [], count: columns.count)
        for row in rows {
            for (index, cell) in row.enumerated() {
                switch cell {
                case .integer(let value): values[index].append(Double(value))
                case .real(let value): values[index].append(value)
                default: break
                }
            }
        }
        return (columns, values)
    }

    func describe(_ text: String) throws -> String {
        let (names, values) = try numericColumns(text)
        let stats = Stats()
        var rows: [[TableRenderer.Cell]] = []
        for (name, column) in zip(names, values) where !column.isEmpty {
            let summary = try stats.describe(column)
            rows.append([.text(name), .integer(summary.count), .real(summary.mean), summary.standardDeviation.map { .real($0) } ?? .null,
                         .real(summary.minimum), .real(summary.quantile(0.25)), .real(summary.median), .real(summary.quantile(0.75)),
                         .real(summary.maximum)])
        }
        guard !rows.isEmpty else { throw SessionError("the query returned no numbers") }
        return render(columns: ["column", "n", "mean", "sd", "min", "q25", "median", "q75", "max"], rows: rows)
    }

    /// Pairs of the first two columns where both are numbers.
    func pairs(_ text: String) throws -> (names: [String], x: [Double], y: [Double]) {
        let (columns, rows) = try userQuery(text)
        guard columns.count >= 2 else { throw SessionError("the query needs two columns, x then y") }
        var x: [Double] = [], y: [Double] = []
        for row in rows {
            func number(_ cell: TableRenderer.Cell) -> Double? {
                switch cell {
                case .integer(let value): return Double(value)
                case .real(let value): return value
                default: return nil
                }
            }
            if let a = number(row[0]), let b = number(row[1]) { x.append(a); y.append(b) }
        }
        return (Array(columns.prefix(2)), x, y)
    }

    func fit(_ text: String) throws -> String {
        let (names, x, y) = try pairs(text)
        let fit: LinearFit
        do { fit = try Stats().linearFit(x: x, y: y) } catch { throw SessionError(error.description) }
        let rows: [[TableRenderer.Cell]] = [
            [.text("n"), .integer(fit.count)], [.text("intercept"), .real(fit.intercept)],
            [.text("slope (\(names[1]) per \(names[0]))"), .real(fit.slope)], [.text("slope standard error"), .real(fit.slopeStandardError)],
            [.text("slope 95% interval"), .text("\(NumberText.format(fit.slopeInterval95.lowerBound, significantDigits: 6)) to \(NumberText.format(fit.slopeInterval95.upperBound, significantDigits: 6))")],
            [.text("slope p"), .real(fit.slopePValue)], [.text("R²"), .real(fit.rSquared)],
        ]
        return render(columns: ["statistic", "value"], rows: rows)
    }

    func correlate(_ text: String) throws -> String {
        let (_, x, y) = try pairs(text)
        do {
            let pearson = try Stats().pearson(x, y), spearman = try Stats().spearman(x, y)
            return render(columns: ["method", "n", "coefficient", "p"], rows: [
                [.text("pearson"), .integer(pearson.count), .real(pearson.coefficient), .real(pearson.pValue)],
                [.text("spearman"), .integer(spearman.count), .real(spearman.coefficient), .real(spearman.pValue)],
            ])
        } catch {
            throw SessionError(error.description)
        }
    }

}
