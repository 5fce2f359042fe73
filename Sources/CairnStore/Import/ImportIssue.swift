/// One problem the import found with a row (or a file's header): where it is, what it is, and
/// whether the row was rejected, kept with a warning, or skipped as out of scope.
public struct ImportIssue: Sendable, Equatable {
    public enum Severity: String, Sendable, Codable {
        case rejected, warning, skipped
    }

    /// Stable codes, used in JSON and the rejects file; the message carries the detail.
    public enum Reason: String, Sendable, Codable, CaseIterable {
        // Rejections (shared/DATA-CONTRACT.md, "What import does with bad rows").
        case missingRequiredField = "missing_required_field"
        case unparseableNumber = "unparseable_number"
        case nonFiniteNumber = "non_finite_number"
        case unparseableDate = "unparseable_date"
        case futureReading = "future_reading"
        case unconvertibleUnit = "unconvertible_unit"
        case unknownMarker = "unknown_marker"
        case severityOutOfScale = "severity_out_of_scale"
        case duplicateHeadacheID = "duplicate_headache_id"
        case invalidValue = "invalid_value"
        case unknownTimeZone = "unknown_time_zone"
        case resolvedBeforeOnset = "resolved_before_onset"
        case markerNameConflict = "marker_name_conflict"
        case duplicateProfileID = "duplicate_profile_id"
        case duplicateReferenceOverride = "duplicate_reference_override"
        case duplicateMarker = "duplicate_marker"
        case raggedRow = "ragged_row"
        case malformedQuoting = "malformed_quoting"
        case invalidUTF8 = "invalid_utf8"
        case fieldTooLong = "field_too_long"
        case noMeasurement = "no_measurement"
        case malformedXML = "malformed_xml"
        case invalidJSON = "invalid_json"
        /// A FHIR resource of another FHIR version than R4.
        case notR4 = "not_r4"
        /// A FHIR reference that names no resource of the import or the dataset.
        case danglingReference = "dangling_reference"
        // Warnings: the row is kept.
        case implausibleValue = "implausible_value"
        case tenfoldOutlier = "tenfold_outlier"
        case duplicateReading = "duplicate_reading"
        case unknownColumn = "unknown_column"
        case unknownHeadache = "unknown_headache"
        case fieldLeftOut = "field_left_out"
        /// A headache without a severity, stored as moderate: Aurae's log flow defaults it so.
        case severityDefaulted = "severity_defaulted"
        // Skips: rows outside what Cairn imports from a foreign format.
        case unmappedCode = "unmapped_code"
        case textObservation = "text_observation"
        /// An Apple Health record inside a correlation, which the export also lists on its own.
        case listedApart = "listed_apart"
        /// An Apple Health record of a source that ranks below another source for that day.
        case lowerPrioritySource = "lower_priority_source"
        /// An Apple Health sleep interval wholly outside the 10 PM to 10 AM window (Aurae D-04).
        case outsideSleepWindow = "outside_sleep_window"
        /// An Apple Health menstrual-flow record of "None": no menstruation that day.
        case noMenstrualFlow = "no_menstrual_flow"
        /// A FHIR resource of a type Cairn has no table for (Practitioner, DiagnosticReport...).
        case unimportedResource = "unimported_resource"
        /// A FHIR Condition that names no encounter, so no visit to hold it.
        case conditionWithoutVisit = "condition_without_visit"
        /// A FHIR MedicationRequest or MedicationStatement with no time.
        case undatedMedication = "undated_medication"
    }

    public var severity: Severity
    public var reason: Reason
    public var file: String
    public var line: Int
    /// 1-based position of the field, when one field is at fault.
    public var column: Int?
    public var columnName: String?
    public var message: String
    /// The likely intended value, for readings about ten times off the person's usual ones.
    public var didYouMean: Double?

    public init(severity: Severity, reason: Reason, file: String, line: Int, column: Int? = nil,
                columnName: String? = nil, message: String, didYouMean: Double? = nil) {
        self.severity = severity
        self.reason = reason
        self.file = file
        self.line = line
        self.column = column
        self.columnName = columnName
        self.message = message
        self.didYouMean = didYouMean
    }

    /// `file:line:column (name): message`, the way compilers point at a place.
    public var locatedMessage: String {
        var place = "\(file):\(line)"
        if let column { place += ":\(column)" }
        if let columnName { place += " (\(columnName))" }
        return "\(place): \(message)"
    }
}
