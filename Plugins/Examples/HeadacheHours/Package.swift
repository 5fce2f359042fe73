// swift-tools-version:6.1
import PackageDescription

/// An analysis module built outside Cairn: a shared library that `cairn --module-path` or the
/// REPL's `.load` loads at run time. It depends on Cairn's CairnModuleKit product only.
let package = Package(
    name: "HeadacheHours",
    products: [
        .library(name: "HeadacheHours", type: .dynamic, targets: ["HeadacheHours"]),
    ],
    dependencies: [
        // Cairn's own folder here; elsewhere, the path or URL of the Cairn you run.
        .package(name: "Cairn", path: "../../.."),
    ],
    targets: [
        .target(name: "HeadacheHours", dependencies: [.product(name: "CairnModuleKit", package: "Cairn")]),
    ],
    swiftLanguageModes: [.v6]
)
