import Foundation
import Yams

/// The folders of YAML data the guard loads (rules, vocabularies, the copy catalog), read so
/// that nothing is skipped in silence: a missing or empty folder, a file that is not YAML, a
/// binary file or a file that is not UTF-8 is an error naming the file.
enum YAMLFolder {
    /// The YAML files of a folder, sorted; any other entry is refused.
    static func files(in directory: URL, describing what: String) throws(RulePackError) -> [String] {
        let name = directory.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RulePackError(file: name, line: nil, key: nil, problem: "is not a folder of \(what) files (missing)")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw RulePackError(file: name, line: nil, key: nil, problem: "cannot be listed (\(error.localizedDescription))")
        }
        var files: [String] = []
        for entry in entries {
            let lower = entry.lowercased()
            guard lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") else {
                throw RulePackError(file: "\(name)/\(entry)", line: nil, key: nil,
                                    problem: "is not a \(what) file; every file here must be YAML (.yml or .yaml)")
            }
            var entryIsDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(entry).path, isDirectory: &entryIsDirectory)
            if entryIsDirectory.boolValue {
                throw RulePackError(file: "\(name)/\(entry)", line: nil, key: nil, problem: "is a folder, not a \(what) file")
            }
            files.append(entry)
        }
        guard !files.isEmpty else {
            throw RulePackError(file: name, line: nil, key: nil, problem: "holds no \(what) files; the guard refuses to run without them")
        }
        return files
    }

    static func read(_ url: URL, name: String) throws(RulePackError) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw RulePackError(file: name, line: nil, key: nil, problem: "cannot be read")
        }
        // Searched through the bytes: `Data`'s own iterator took about 3 ms of every start.
        guard !data.withUnsafeBytes({ $0.contains(0) }), let text = String(data: data, encoding: .utf8) else {
            throw RulePackError(file: name, line: nil, key: nil, problem: "is a binary file, not UTF-8 YAML text")
        }
        return text
    }

    static func compose(_ text: String, file: String) throws(RulePackError) -> Node {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw RulePackError(file: file, line: nil, key: nil, problem: "is empty")
            }
            return node
        } catch let error as RulePackError {
            throw error
        } catch let error as YamlError {
            throw RulePackError(file: file, line: line(of: error), key: nil, problem: "is not valid YAML: \(error)")
        } catch {
            throw RulePackError(file: file, line: nil, key: nil, problem: "is not valid YAML: \(error)")
        }
    }

    static func line(_ node: Node) -> Int? {
        node.mark.map { $0.line }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        default:
            return nil
        }
    }
}
