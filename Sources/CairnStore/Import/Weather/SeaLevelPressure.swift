import Foundation

/// Station pressure reduced to sea level, as weather services report it: the barometric formula
/// with the station's temperature (the form the U.S. National Weather Service and WMO practice
/// use for such a reduction),
///
///     P0 = P * (1 - 0.0065 h / (T + 0.0065 h + 273.15)) ^ -5.257
///
/// for P station pressure (hPa), h elevation (m) and T air temperature (°C); without a
/// temperature, the International Standard Atmosphere's (15 °C at sea level, 6.5 K/km):
/// P0 = P * (1 - 2.25577e-5 h) ^ -5.25588. Weather modules compare changes over hours at one
/// place, which the reduction keeps; the contract's `pressure_hpa` is sea-level pressure so that
/// one person's places, and the plausible range, are on one scale.
enum SeaLevelPressure {
    static func reduce(stationHPa pressure: Double, elevationMetres h: Double, temperatureC: Double?) -> Double {
        guard h != 0 else { return pressure }
        if let t = temperatureC {
            return pressure * pow(1 - 0.0065 * h / (t + 0.0065 * h + 273.15), -5.257)
        }
        return pressure * pow(1 - 2.25577e-5 * h, -5.25588)
    }
}
