/// What a module library and the Cairn that loads it must agree on. Swift has no stable binary
/// interface on Linux and the requests carry Cairn's data types, so a library is loaded only
/// when it was built against this kit version with this compiler release.
public enum ModuleKit {
    /// Bumped whenever the module protocol, a data type a module reads or returns, or the shape
    /// of a request or reply changes.
    /// 2: a factor entry carries `loggedAt` (the optional `logged_at` column).
    public static let version = 2

    /// The Swift release this kit was compiled with, to the minor version ("6.3").
    public static let compiler: String = {
        #if compiler(>=7.0)
        return "7.0 or later"
        #elseif compiler(>=6.5)
        return "6.5"
        #elseif compiler(>=6.4)
        return "6.4"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }()

    /// The one C symbol a module library exports:
    /// `char *cairn_module_entry(const char *request, size_t length)`. The request is `length`
    /// bytes: JSON text, a NUL, then the profile's event rows (`RowCodec`) when it carries a
    /// profile. The reply is JSON text allocated by `malloc`, which Cairn frees.
    public static let entryPoint = "cairn_module_entry"
}
