import Foundation

/// Folds the many spellings of one unit onto one key, so that "mg/dL", "mg/dl", "MG / DL",
/// UCUM's "mm[Hg]" and "10*3/uL", and "µg/dL" with either micro sign compare equal.
public enum UnitSpelling {
    public static func key(_ unit: String) -> String {
        // UCUM annotations such as {beats} or {score} name no unit and are dropped; one that
        // holds a number, like {1.73_m2}, is part of the unit and is kept.
        var text = ""
        var annotation = ""
        var inAnnotation = false
        for character in unit {
            if character == "{" {
                inAnnotation = true
                annotation = ""
            } else if character == "}" && inAnnotation {
                inAnnotation = false
                if annotation.contains(where: \.isNumber) { text += annotation }
            } else if inAnnotation {
                annotation.append(character)
            } else {
                text.append(character)
            }
        }
        var key = text.lowercased()
            .replacingOccurrences(of: "µ", with: "u")
            .replacingOccurrences(of: "μ", with: "u")
            .replacingOccurrences(of: "²", with: "2")
            .replacingOccurrences(of: "mcg", with: "ug")
            .replacingOccurrences(of: "/mcl", with: "/ul")
        key.removeAll { " \t[]^*_".contains($0) }
        return key
    }
}
