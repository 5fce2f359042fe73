import ArgumentParser

/// Every result has a text form for people and a JSON form for programs.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
