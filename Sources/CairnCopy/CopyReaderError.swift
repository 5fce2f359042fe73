/// The reader's weights file is missing or malformed: every prose text is then blocked (the
/// guard fails closed).
struct CopyReaderError: Error, Sendable {
    let file: String
    let problem: String
}
