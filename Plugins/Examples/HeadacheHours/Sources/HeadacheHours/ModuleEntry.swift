import CairnModuleKit

/// The library's copy: every sentence its modules can show, in the format of Cairn's own
/// catalog (Sources/CairnCopy/Catalog). Cairn lints it whole when the library loads.
let catalog = """
    - id: headache-hours.total
      modules: [headache-hours]
      source: "Aurae PRD 003, the report table's duration column, summed over a window"
      template: "Your logged headaches lasted {total} in all over the last {window} days."
      slots:
        total: duration
        window: count
    """

let library = ModuleLibrary(modules: [HeadacheHours.self], catalog: catalog)

/// The one symbol Cairn looks for: it answers Cairn's requests.
@_cdecl("cairn_module_entry")
public func cairnModuleEntry(_ request: UnsafePointer<CChar>, _ length: Int) -> UnsafeMutablePointer<CChar>? {
    library.respond(to: request, length: length)
}
