import CairnCopy
import CairnModules
import Testing

/// What `cairn modules` and the README print about each module is read by analysts: it may name
/// statistics, but no rule about diagnosis, conditions, treatment or risk may fire on it. A
/// library is refused on the same test (ModuleLibraryTests).
struct ModuleDescriptionTests {
    @Test func everyBuiltInDescriptionPassesTheRulesThatBindDescriptions() throws {
        let copyGuard = try ModuleHost.copyGuard()
        for descriptor in BuiltinModules.registry().all {
            let texts = [descriptor.summary, descriptor.details] + descriptor.parameters.map(\.summary)
            #expect(ModuleHost.descriptionProblem(module: descriptor.id, texts: texts, copyGuard: copyGuard) == nil,
                    "\(descriptor.key)")
        }
    }

    @Test func aDiagnosticDescriptionIsCaught() throws {
        let copyGuard = try ModuleHost.copyGuard()
        let problem = ModuleHost.descriptionProblem(module: "streaks-frequency", texts: ["Tells you that you have migraine disorder."],
                                                    copyGuard: copyGuard)
        #expect(problem != nil)
        // Naming a statistic is allowed in a description, not in copy.
        #expect(ModuleHost.descriptionProblem(module: "streaks-frequency", texts: ["A finding only when the p-value is under alpha."],
                                              copyGuard: copyGuard) == nil)
    }
}
