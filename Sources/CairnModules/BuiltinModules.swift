import CairnAnalysis
import CairnCopy
import CairnCore
import CalendarPatterns
import MarkerTrends
import MedicationEffectiveness
import MedicationOveruse
import RedFlags
import SleepCorrelation
import StreaksFrequency
import TriggerCooccurrence
import VisitHistory
import VisitStatistics
import WeatherCorrelation

/// The modules Cairn ships with (`ModuleHost` adds those loaded at run time).
public enum BuiltinModules {
    public static func registry() -> ModuleRegistry {
        let registry = ModuleRegistry()
        registry.register(MarkerTrends.self)
        registry.register(MarkerTrendsV2.self)
        registry.register(MarkerTrendsV3.self)
        registry.register(TriggerCooccurrence.self)
        registry.register(TriggerCooccurrenceV2.self)
        registry.register(SleepCorrelation.self)
        registry.register(SleepCorrelationV2.self)
        registry.register(WeatherCorrelationV1.self)
        registry.register(WeatherCorrelation.self)
        registry.register(WeatherCorrelationV3.self)
        registry.register(MedicationOveruse.self)
        registry.register(RedFlags.self)
        registry.register(RedFlagsV2.self)
        registry.register(VisitHistory.self)
        registry.register(VisitHistoryV2.self)
        registry.register(StreaksFrequency.self)
        registry.register(CalendarPatterns.self)
        registry.register(MedicationEffectiveness.self)
        registry.register(VisitStatistics.self)
        return registry
    }
}
