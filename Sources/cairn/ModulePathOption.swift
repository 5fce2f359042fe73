import CairnModules
import Foundation

/// `--module-path PATH` (repeatable, before or after the subcommand) and `$CAIRN_MODULE_PATH`
/// (folders or .so files, separated by ':'): module libraries are loaded before any command is
/// parsed, so every subcommand (insights, replay, evaluate, notebooks) sees their modules.
enum ModulePathOption {
    static let flag = "--module-path"

    /// Loads the libraries the environment and the arguments name, and returns the arguments
    /// without the option. Only arguments before a `--` are read as the option.
    static func loadModules(from arguments: [String], environment: [String: String]) throws -> [String] {
        var rest: [String] = []
        var paths: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == flag {
                paths.append(index + 1 < arguments.endIndex ? arguments[index + 1] : "")
                index += 2
                continue
            }
            if argument.hasPrefix(flag + "=") {
                paths.append(String(argument.dropFirst(flag.count + 1)))
            } else {
                rest.append(argument)
            }
            index += 1
        }
        if paths.contains(where: \.isEmpty) {
            throw CairnFailure("\(flag) needs a folder or a .so file; usage: cairn \(flag) PATH [SUBCOMMAND] ...")
        }
        do throws(ModuleLibraryError) {
            if let list = environment["CAIRN_MODULE_PATH"] { try ModuleHost.load(path: list) }
            for path in paths { try ModuleHost.load(path) }
        } catch {
            throw CairnFailure(error)
        }
        return rest
    }
}
