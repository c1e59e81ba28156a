/// Splits a file and parses its front matter in one step, for entries and trip descriptions
/// alike, so both report an unclosed fence or bad YAML/TOML in the same words.
public enum FrontMatterReader {
    public struct Problem: Error, Sendable {
        public var message: String
        public var line: Int
        public var column: Int
    }

    public static func read(_ text: String) -> Result<(split: SplitEntry, meta: MetaNode), Problem> {
        let split: SplitEntry
        do {
            split = try FrontMatterSplitter.split(text)
        } catch {
            return .failure(Problem(message: "the front matter opened with '\(error.fence)' on line 1 is never closed; expected a line '\(error.fence)' after the last key", line: 1, column: 1))
        }
        do {
            switch split.format {
            case .yaml: return .success((split, try YAMLReader.read(split.frontMatter, firstLine: split.frontMatterLine)))
            case .toml: return .success((split, try TOMLReader.read(split.frontMatter, firstLine: split.frontMatterLine)))
            case .none: return .success((split, MetaNode(.table([]), line: 1, column: 1)))
            }
        } catch {
            return .failure(Problem(message: error.message, line: error.line, column: error.column))
        }
    }
}
