import CairnCore
import CairnREPL
import Foundation
import MCP

/// The two reviews an assistant can start from: Cairn's own instructions and the insight texts
/// of the modules that bear on them, every sentence from the catalog through the copy guard.
/// No sentence quotes the dataset; the assistant reads the data through the tools.
enum AssistantPrompts {
    struct Review {
        let prompt: Prompt
        /// Which modules' insights it carries: those reading any of these tables.
        let tables: Set<ContractTable>
        let opening: String
    }

    static let reviews: [Review] = [
        Review(prompt: Prompt(name: "visit-prep-review", title: "Visit preparation",
                              description: "Cairn's findings on markers and visits, to prepare questions for the next appointment.",
                              arguments: [profileArgument]),
               tables: [.readings, .visits],
               opening: "Help me prepare for my next appointment. Below are Cairn's findings on my markers and visits, each worded and checked by Cairn. "
                   + "Suggest questions to ask and the records to bring. Keep to the findings as worded: they describe logged data, "
                   + "and what they mean for my health is for my clinician to judge."),
        Review(prompt: Prompt(name: "headache-diary-review", title: "Headache diary review",
                              description: "Cairn's findings on the headache diary (patterns, factors, sleep, medication days), to review with a clinician.",
                              arguments: [profileArgument]),
               tables: [.headaches],
               opening: "Help me review my headache diary. Below are Cairn's findings on it, each worded and checked by Cairn. "
                   + "Summarise them plainly and list what I could log more carefully. Keep to the findings as worded: they describe logged data, "
                   + "and what they mean for my health is for my clinician to judge."),
    ]

    static let profileArgument = Prompt.Argument(name: "profile", description: "A profile id from list_profiles (the server's --profile when left out).", required: false)

    static var all: [Prompt] { reviews.map(\.prompt) }

    static func get(_ name: String, _ arguments: [String: String]?, _ desk: AssistantDesk) throws(AssistantError) -> GetPrompt.Result {
        guard let review = reviews.first(where: { $0.prompt.name == name }) else {
            throw .badArguments("no prompt \(name); the prompts are " + reviews.map(\.prompt.name).joined(separator: ", "))
        }
        if let unknown = (arguments ?? [:]).keys.sorted().first(where: { $0 != "profile" }) {
            throw .badArguments("\(name) takes no argument \(unknown); it takes profile")
        }
        guard let profile = desk.profile(arguments?["profile"]) else {
            throw .badArguments("\(name) needs profile (list_profiles names them), or start the server with --profile")
        }
        let modules = desk.reading { $0.assistantModules }
        let latest = Dictionary(grouping: modules.filter { !$0.reads.isDisjoint(with: review.tables) }, by: \.id)
            .compactMap { $0.value.max(by: { $0.version < $1.version }) }.sorted { $0.id < $1.id }
        let deadline = desk.deadline
        var lines: [String] = []
        var notices: [String] = []
        for module in latest {
            let output = try AssistantTools.json(desk.call { session throws(SessionError) in
                try session.assistant("run", [module.key], profile: profile, asOf: nil, deadline: deadline)
            })
            for insight in output.objectValue?["insights"]?.arrayValue ?? [] {
                if let text = insight.objectValue?["text"]?.stringValue { lines.append("- " + text) }
            }
            for key in ["disclaimer", "footer"] {
                if let text = output.objectValue?[key]?.stringValue, !notices.contains(text) { notices.append(text) }
            }
        }
        if lines.isEmpty { lines.append("- Cairn has no findings on this yet: too little has been logged.") }
        let text = review.opening + "\n\nCairn's findings:\n" + lines.joined(separator: "\n")
            + (notices.isEmpty ? "" : "\n\n" + notices.joined(separator: "\n"))
        return GetPrompt.Result(description: review.prompt.description, messages: [.user(.text(text: text))])
    }
}
