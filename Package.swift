// swift-tools-version:6.1
import Foundation
import PackageDescription

/// Cairn: a command-line workbench for personal health data analytics.
/// The layout follows shared/DESIGN.md: C libraries behind system-library targets, one library
/// target per concern, analysis modules under Plugins/, and one test target per library.
/// Release builds of the import path skip Swift's run-time exclusivity checks: profiling showed
/// them at a fifth of import time (BENCHMARKS.md). The compile-time checks still apply.
let hotPathSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

/// Every folder of Plugins/ (but Examples, packages of their own) is an analysis module target
/// built against CairnModuleKit alone; its modules register themselves (BuildTools/RegisterModules).
let moduleTargetNames: [String] = {
    let plugins = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Plugins")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: plugins.path)) ?? []
    return names.filter { name in
        var isFolder: ObjCBool = false
        return name != "Examples" && !name.hasPrefix(".")
            && FileManager.default.fileExists(atPath: plugins.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
    }.sorted()
}()

let moduleTargets: [Target] = moduleTargetNames.map { name in
    let hasResources = FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Plugins/\(name)/Resources").path)
    return .target(name: name, dependencies: ["CairnModuleKit", "CairnCore", "CairnStats"], path: "Plugins/\(name)",
                   resources: hasResources ? [.process("Resources")] : nil)
}

let package = Package(
    name: "Cairn",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "cairn", targets: ["cairn"]),
        .library(name: "CairnCore", targets: ["CairnCore"]),
        .library(name: "CairnStore", targets: ["CairnStore"]),
        // What a module built outside Cairn depends on: the module protocol, the data it reads,
        // what it returns, and the C entry point a shared library exports (README, "Write a module").
        .library(name: "CairnModuleKit", targets: ["CairnModuleKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // Tests only: property-based checks that a failed or interrupted import loses nothing (issue 22).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // C boundaries: a module map and a shim header each, nothing else.
        .systemLibrary(
            name: "CGSL", path: "Sources/CGSL", pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // readline.pc asks for feature macros SwiftPM refuses; the header needs no flags.
        .systemLibrary(
            name: "CReadline", path: "Sources/CReadline",
            providers: [.apt(["libreadline-dev"])]),
        // PCRE2 with its JIT (Debian's libpcre2-dev): the copy guard's rule patterns.
        .systemLibrary(
            name: "CPCRE2", path: "Sources/CPCRE2", pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]),
        // ICU's spoof checker (Debian's libicu-dev): Unicode TR39 confusables for the copy
        // guard's normaliser. A C target, not a system library: its header must not expose ICU's
        // declarations next to Foundation's private copy of ICU.
        .target(
            name: "CICUSpoof", path: "Sources/CICUSpoof",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // libxml2's streaming reader (Debian's libxml2-dev) for Apple Health exports; a C target
        // for the same reason as CICUSpoof (libxml2's headers include ICU's).
        .target(
            name: "CXMLReader", path: "Sources/CXMLReader",
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("xml2")]),

        // Staging files removed when SIGINT, SIGTERM or SIGHUP ends Cairn (async-signal-safe C).
        .target(name: "CCleanup", path: "Sources/CCleanup"),

        .target(
            name: "CairnCore",
            dependencies: ["CCleanup"],
            resources: [.copy("Resources/markers.json")],
            swiftSettings: hotPathSettings),
        .target(
            name: "CairnStore",
            dependencies: ["CairnCore", "CSQLite", "CXMLReader", .product(name: "Crypto", package: "swift-crypto"),
                           .product(name: "_CryptoExtras", package: "swift-crypto")],
            swiftSettings: hotPathSettings),
        .target(
            name: "CairnStats",
            dependencies: ["CGSL"]),
        // The module protocol and what a module needs, built-in or loaded at run time.
        .target(
            name: "CairnModuleKit",
            dependencies: ["CairnCore", "CairnStats"]),
        .target(
            name: "CairnCopy",
            dependencies: ["CairnCore", "CairnModuleKit", "CICUSpoof", "CPCRE2", .product(name: "Yams", package: "Yams")],
            exclude: ["THIRD-PARTY.md"],
            resources: [.copy("Rules"), .copy("Catalog"), .copy("Vocabularies"), .copy("Reader")]),
        .target(
            name: "CairnAnalysis",
            dependencies: ["CairnCore", "CairnStore", "CairnStats", "CairnCopy", "CairnModuleKit"]),
        // The built-in registry: every Plugins/ target, its modules listed at build time.
        .target(
            name: "CairnModules",
            dependencies: ["CairnAnalysis"] + moduleTargetNames.map { .target(name: $0) },
            plugins: ["RegisterModules"]),
        .plugin(name: "RegisterModules", capability: .buildTool(), dependencies: ["ModuleRegistrar"], path: "BuildTools/RegisterModules"),
        .executableTarget(name: "ModuleRegistrar", path: "BuildTools/ModuleRegistrar"),
        .target(
            name: "CairnNotebook",
            dependencies: ["CairnCore", "CairnAnalysis", "CPCRE2", .product(name: "Ink", package: "Ink")]),
        // Pictures: SVG charts for the REPL, notebooks and reports.
        .target(name: "CairnPlot", dependencies: ["CairnCore"]),
        // The clinician report (HTML for print, Markdown).
        .target(name: "CairnReport", dependencies: ["CairnCore", "CairnAnalysis", "CairnCopy", "CairnPlot"]),
        .target(
            name: "CairnREPL",
            dependencies: ["CairnCore", "CairnStore", "CairnStats", "CairnCopy", "CairnAnalysis", "CairnModules",
                           "CairnNotebook", "CairnPlot", "CairnSynth", "CairnEvaluation", "CReadline", "MarkerTrends"]),
        // The MCP server over a dataset (`cairn mcp`): a local assistant asks, the REPL's session
        // answers, and only guarded copy and the data's own values leave.
        .target(
            name: "CairnMCP",
            dependencies: ["CairnCore", "CairnStore", "CairnCopy", "CairnAnalysis", "CairnModules", "CairnREPL",
                           .product(name: "MCP", package: "swift-sdk")]),
        .target(
            name: "CairnSynth",
            dependencies: ["CairnCore", "CairnStore", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "CairnEvaluation",
            dependencies: ["CairnCore", "CairnStats", "CairnAnalysis", "CairnSynth"]),
        .executableTarget(
            name: "cairn",
            dependencies: [
                "CairnCore", "CairnStore", "CairnSynth", "CairnCopy", "CairnAnalysis", "CairnModules", "CairnNotebook", "CairnREPL",
                "CairnEvaluation", "CairnReport", "CairnMCP", "MedicationOveruse",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "CairnCoreTests", dependencies: ["CairnCore"]),
        .testTarget(name: "CairnModuleKitTests", dependencies: ["CairnModuleKit", "CairnCore"]),
        .testTarget(
            name: "CairnStoreTests", dependencies: ["CairnStore", "CairnSynth", "CSQLite"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CairnStatsTests", dependencies: ["CairnStats"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CairnCopyTests", dependencies: ["CairnCore", "CairnCopy", "CairnModuleKit", "CairnModules"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CairnModulesTests",
            dependencies: ["CairnModules", "CairnAnalysis", "CairnCore", "CairnStore", "CairnStats", "CairnCopy", "CairnNotebook", "CairnSynth", "MarkerTrends", "TriggerCooccurrence", "SleepCorrelation", "WeatherCorrelation", "MedicationOveruse", "RedFlags", "VisitHistory"]),
        .testTarget(
            name: "CairnMCPTests", dependencies: ["CairnCore", "CairnCopy", "CairnModules", .product(name: "MCP", package: "swift-sdk")],
            exclude: ["Python"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CairnSynthTests", dependencies: ["CairnSynth", "CairnStore"]),
        .testTarget(name: "CairnEvaluationTests", dependencies: ["CairnEvaluation", "CairnSynth", "CairnStats", "CairnCore"]),
        .testTarget(name: "CairnPlotTests", dependencies: ["CairnPlot", "CairnCore"]),
        .testTarget(name: "CairnNotebookTests", dependencies: ["CairnNotebook"]),
        .testTarget(
            name: "CairnCLITests", dependencies: ["CairnCore", "CairnStore", "CairnCopy", "CairnModuleKit", "CairnModules",
                                                  .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["ATTACKS.md"], resources: [.copy("Fixtures")]),
    ] + moduleTargets,
    swiftLanguageModes: [.v6]
)
