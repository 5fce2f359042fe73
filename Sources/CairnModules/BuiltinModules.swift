import CairnAnalysis

/// The modules Cairn ships with: every public `AnalysisModule` type of a Plugins/ target, listed
/// at build time (`declared`, written by BuildTools/ModuleRegistrar). `ModuleHost` adds those
/// loaded at run time.
public enum BuiltinModules {
    public static func registry() -> ModuleRegistry {
        let registry = ModuleRegistry()
        for module in declared { registry.register(module.descriptor) }
        return registry
    }
}
