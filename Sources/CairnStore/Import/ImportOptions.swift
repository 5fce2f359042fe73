import CairnCore

/// How an import reads its sources.
public struct ImportOptions: Sendable {
    public enum InputFormat: String, Sendable, CaseIterable {
        /// Contract CSV files, the table named by the file name.
        case contract
        /// A Synthea CSV export: patients, encounters, observations, conditions and medications.
        case synthea
    }

    /// Nil: decide per file (a Synthea observations header is recognised).
    public var inputFormat: InputFormat?
    /// The present instant, seconds since 1970 UTC: readings after it are rejected as future.
    /// Passed in rather than read from the clock so that imports can be reproduced.
    public var now: Int
    /// Where to write rejected rows; nil writes `DATASET.rejects.csv` beside the dataset.
    public var rejectsPath: String?
    /// The zone of profiles a source does not place (a Synthea patient outside the US states).
    public var defaultTimeZone: ProfileTimeZone?

    public init(inputFormat: InputFormat? = nil, now: Int, rejectsPath: String? = nil, defaultTimeZone: ProfileTimeZone? = nil) {
        self.inputFormat = inputFormat
        self.now = now
        self.rejectsPath = rejectsPath
        self.defaultTimeZone = defaultTimeZone
    }
}
