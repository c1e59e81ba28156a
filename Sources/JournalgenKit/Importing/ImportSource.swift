import Foundation

/// The apps journalgen imports from, and how each export is read into a plan.
public enum ImportSource: String, Sendable, CaseIterable {
    case dayone, daylio, jrnl

    /// Reads the export at `path` (Day One: a .zip, which is unpacked into a temporary folder
    /// removed by `cleanup`, or the unpacked folder). Problems are in `diagnostics`.
    public func plan(_ path: String, context: ImportContext, diagnostics: DiagnosticsEngine) -> (plan: ImportPlan, cleanup: @Sendable () -> Void) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            diagnostics.error("there is no such file; expected the export of \(name)", at: context.at())
            return (ImportPlan(), {})
        }
        switch self {
        case .dayone:
            if isFolder.boolValue { return (DayOneImporter(context: context).plan(folder: path, diagnostics: diagnostics), {}) }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journalgen-import-\(UUID().uuidString)").path
            let cleanup: @Sendable () -> Void = { try? FileManager.default.removeItem(atPath: folder) }
            switch ZipArchive.extract(path, to: folder) {
            case .success: return (DayOneImporter(context: context).plan(folder: folder, diagnostics: diagnostics), cleanup)
            case .failure(let failure):
                diagnostics.error(failure.message + "; expected Day One's JSON export (.zip) or its unpacked folder", at: context.at())
                cleanup()
                return (ImportPlan(), {})
            }
        case .daylio, .jrnl:
            guard !isFolder.boolValue, let data = FileIO.read(path) else {
                diagnostics.error("cannot read it as a file; expected \(self == .daylio ? "daylio_export.csv" : "the JSON of jrnl --export json")", at: context.at())
                return (ImportPlan(), {})
            }
            return (self == .daylio ? DaylioImporter(context: context).plan(data, diagnostics: diagnostics)
                                    : JrnlImporter(context: context).plan(data, diagnostics: diagnostics), {})
        }
    }

    public var name: String {
        switch self {
        case .dayone: return "Day One"
        case .daylio: return "Daylio"
        case .jrnl: return "jrnl"
        }
    }

    /// `--map rad=amazing,meh=so-so`: each name onto a level of `scale` (its value, label or number).
    public static func moodMap(_ text: String, scale: MoodScale) -> Result<[String: String], ImportWriter.Problem> {
        var map: [String: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                return .failure(.init(message: "--map '\(pair)' is not NAME=LEVEL; expected pairs such as rad=amazing,meh=so-so"))
            }
            guard let level = MoodLogWriter.level(parts[1], in: scale) else {
                return .failure(.init(message: "--map \(parts[0])=\(parts[1]): '\(parts[1])' is not on the journal's scale; expected one of \(scale.valueList)"))
            }
            map[parts[0].lowercased()] = level.value
        }
        return .success(map)
    }
}

extension ImportWriter {
    public struct Problem: Error, Sendable { public var message: String }
}
