import Foundation

/// Writes the built-in module list: `ModuleRegistrar OUTPUT [--target NAME FILE...]...`. A module
/// declares itself by being a `public struct NAME: AnalysisModule` in a Plugins/ target; each
/// such type is imported and registered, in name order, so the output is the same on every build.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: ModuleRegistrar OUTPUT [--target NAME FILE...]...\n".utf8))
    exit(2)
}
let declaration = try! NSRegularExpression(pattern: #"^\s*public\s+struct\s+(\w+)\s*:\s*AnalysisModule\b"#, options: [.anchorsMatchLines])
var targets: [String] = []
var types: [String] = []
var index = 1
while index < arguments.count {
    if arguments[index] == "--target", index + 1 < arguments.count {
        targets.append(arguments[index + 1])
        index += 2
        continue
    }
    let path = arguments[index]
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("ModuleRegistrar: \(path) cannot be read\n".utf8))
        exit(1)
    }
    let range = NSRange(text.startIndex..., in: text)
    for match in declaration.matches(in: text, range: range) {
        types.append(String(text[Range(match.range(at: 1), in: text)!]))
    }
    index += 1
}
var source = """
    // Written at build time by BuildTools/ModuleRegistrar from the Plugins/ targets; not in git.
    import CairnModuleKit

    """
source += targets.sorted().map { "import \($0)\n" }.joined()
source += """

    extension BuiltinModules {
        /// Every public AnalysisModule type declared in a Plugins/ target.
        static let declared: [any AnalysisModule.Type] = [

    """
source += types.sorted().map { "        \($0).self,\n" }.joined()
source += "    ]\n}\n"
let existing = try? String(contentsOfFile: output, encoding: .utf8)
if existing != source {
    do {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("ModuleRegistrar: \(output) cannot be written: \(error)\n".utf8))
        exit(1)
    }
}
