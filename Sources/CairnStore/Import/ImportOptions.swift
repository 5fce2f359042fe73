/// How an import reads its sources.
public struct ImportOptions: Sendable {
    public enum InputFormat: String, Sendable, CaseIterable {
        /// Contract CSV files, the table named by the file name.
        case contract
        /// A Synthea CSV export's observations.csv.
        case synthea
    }

    /// Nil: decide per file (a Synthea observations header is recognised).
    public var inputFormat: InputFormat?
    /// The present instant, seconds since 1970 UTC: readings after it are rejected as future.
    /// Passed in rather than read from the clock so that imports can be reproduced.
    public var now: Int
    /// Where to write rejected rows; nil writes `DATASET.rejects.csv` beside the dataset.
    public var rejectsPath: String?

    public init(inputFormat: InputFormat? = nil, now: Int, rejectsPath: String? = nil) {
        self.inputFormat = inputFormat
        self.now = now
        self.rejectsPath = rejectsPath
    }
}
