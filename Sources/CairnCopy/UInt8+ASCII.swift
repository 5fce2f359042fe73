/// ASCII classes of a byte, for the readings that work on the bytes of ASCII copy and patterns
/// (the guard's shortcuts, the words a pattern needs): one comparison each, where a
/// `Character` asks Unicode.
extension UInt8 {
    var lowercasedASCII: UInt8 { self >= 0x41 && self <= 0x5A ? self + 0x20 : self }
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isASCIILetterOrDigit: Bool { isASCIILetter || isASCIIDigit }
}
