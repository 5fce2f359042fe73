import CairnAnalysis
import MarkerTrends
import MedicationOveruse
import RedFlags
import SleepCorrelation
import TriggerCooccurrence
import VisitHistory
import WeatherCorrelation

/// The modules Cairn ships with, registered at start-up.
public enum BuiltinModules {
    public static func registry() -> ModuleRegistry {
        let registry = ModuleRegistry()
        registry.register(MarkerTrends.self)
        registry.register(TriggerCooccurrence.self)
        registry.register(SleepCorrelation.self)
        registry.register(WeatherCorrelationV1.self)
        registry.register(WeatherCorrelation.self)
        registry.register(MedicationOveruse.self)
        registry.register(RedFlags.self)
        registry.register(VisitHistory.self)
        return registry
    }
}
