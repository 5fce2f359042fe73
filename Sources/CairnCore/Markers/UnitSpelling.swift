/// Folds the many spellings of one unit onto one key, so that "mg/dL", "mg/dl", "MG / DL",
/// UCUM's "mm[Hg]" and "10*3/uL", and "µg/dL" with either micro sign compare equal.
/// Hand-rolled over Unicode scalars: the importer asks once per row.
public enum UnitSpelling {
    public static func key(_ unit: String) -> String {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(unit.unicodeScalars.count)
        // UCUM annotations such as {beats} or {score} name no unit and are dropped; one that
        // holds a number, like {1.73_m2}, is part of the unit and is kept.
        var annotation: [Unicode.Scalar]? = nil
        for scalar in unit.unicodeScalars {
            if scalar == "{" {
                annotation = []
            } else if scalar == "}", let inner = annotation {
                if inner.contains(where: { $0.properties.numericType != nil }) { scalars += inner }
                annotation = nil
            } else if annotation != nil {
                annotation!.append(scalar)
            } else {
                scalars.append(scalar)
            }
        }
        var key = String.UnicodeScalarView()
        for scalar in scalars {
            switch scalar {
            case " ", "\t", "[", "]", "^", "*", "_": continue
            case "µ", "μ": key.append("u")
            case "²": key.append("2")
            case "A"..."Z": key.append(Unicode.Scalar(scalar.value + 32)!)
            default: key.append(scalar)
            }
        }
        var text = String(key)
        if text.hasPrefix("mcg") { text = "ug" + text.dropFirst(3) }
        if text.hasSuffix("/mcl") { text = text.dropLast(4) + "/ul" }
        return text.replacingOccurrences("mcg/", with: "ug/")
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
