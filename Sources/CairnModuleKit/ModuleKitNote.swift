/// The kit version and Swift release a module library was built with, as bytes in an ELF section
/// of their own, `cairn_module_kit`. Every library that links CairnModuleKit carries it, and
/// Cairn reads it from the file before dlopen: dlopen runs a library's initialisers (its static
/// constructors) at once, so a version asked of the library's code would come too late.
///
/// The bytes: "CAIRNKIT", the kit version, the Swift major and minor release, a NUL.
public enum ModuleKitNote {
    /// The ELF section holding the note.
    public static let section = "cairn_module_kit"
    /// The first bytes of every note.
    public static let magic: [UInt8] = Array("CAIRNKIT".utf8)
    /// The length of a note in bytes.
    public static let length = 12

    /// This kit's note, as every library built against it carries it.
    public static var bytes: [UInt8] { withUnsafeBytes(of: cairnModuleKitNote) { Array($0) } }

    /// The kit version a note names, or nil when the bytes are not a note.
    public static func kit(of note: [UInt8]) -> Int? {
        guard note.count >= length, Array(note.prefix(magic.count)) == magic else { return nil }
        return Int(note[8])
    }

    /// The Swift release a note names, spelt as `ModuleKit.compiler` spells it, or nil.
    public static func compiler(of note: [UInt8]) -> String? {
        guard note.count >= length, Array(note.prefix(magic.count)) == magic else { return nil }
        return note[9] >= 7 ? "7.0 or later" : "\(note[9]).\(note[10])"
    }
}

/// The note itself: literals only, as a section's contents must be constant. Its kit byte
/// follows `ModuleKit.version` and its release `ModuleKit.compiler` (a test holds them together).
/// ELF only: Mach-O names sections "segment,section", and Cairn loads modules on Linux.
#if !os(Linux)
let cairnModuleKitNote: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    = (67, 65, 73, 82, 78, 75, 73, 84, 2, 0, 0, 0)
#elseif compiler(>=7.0)
@section("cairn_module_kit") @used
let cairnModuleKitNote: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    = (67, 65, 73, 82, 78, 75, 73, 84, 2, 7, 0, 0)
#elseif compiler(>=6.5)
@section("cairn_module_kit") @used
let cairnModuleKitNote: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    = (67, 65, 73, 82, 78, 75, 73, 84, 2, 6, 5, 0)
#elseif compiler(>=6.4)
@section("cairn_module_kit") @used
let cairnModuleKitNote: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    = (67, 65, 73, 82, 78, 75, 73, 84, 2, 6, 4, 0)
#elseif compiler(>=6.3)
@section("cairn_module_kit") @used
let cairnModuleKitNote: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    = (67, 65, 73, 82, 78, 75, 73, 84, 2, 6, 3, 0)
#else
// Before Swift 6.3 there is no @section: a library built so carries no note, and Cairn refuses it.
let cairnModuleKitNote: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
#endif
