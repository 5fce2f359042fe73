/// The kind of claim a rule stops, named in every violation so that a designer reading a
/// report sees what the words would tell a person, not only which rule fired.
public enum CopyClaim: String, Sendable, CaseIterable, Encodable {
    /// Names or asserts a condition, disease or health state.
    case condition
    /// Grades, stages or classifies the person's health.
    case severity
    /// Risk levels, scores, predictions, "body age".
    case forecast
    /// Says something is safe, fine or nothing to worry about.
    case reassurance
    /// Says one thing makes another happen.
    case causal
    /// Reads a clinical meaning into the data (indicates, suggests, a sign of).
    case inference
    /// Treatment, medicine, dosing or lifestyle advice.
    case treatment
    /// Tells the person what to do.
    case directive
    /// Emergency directions other than the approved red-flag banner.
    case emergency
    /// Urgency, danger, alarm.
    case alarm
    /// Presents the analysis as artificial intelligence or a machine's judgement.
    case ai
    /// Statistical wording that belongs in evidence.
    case statistics
    /// Approved copy altered.
    case approved
    /// Wording a rule bans for its module (a product's own list).
    case wording
    /// A claim the learned reader found where no category or stem names its kind.
    case learned
}
