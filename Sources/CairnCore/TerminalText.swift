/// Text from data made harmless for a terminal: every control character (C0 but line feed and
/// tab, DEL, and the C1 range) is shown as `\x1b`-style text, so a value holding `ESC ] 0; ...
/// BEL` or `ESC [2J` cannot retitle or clear the person's terminal (issue 22). Files the person
/// asked for (`.output`, `--out`) keep the raw value.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        default: return false
        }
    }
}
