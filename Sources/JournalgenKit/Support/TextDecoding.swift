import Foundation

enum TextDecoding {
    /// UTF-8 with or without a byte-order mark; nil for anything else.
    static func decode(_ data: Data) -> String? {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension FrontMatterSplitter {
    static func normaliseLineEndings(_ text: String) -> String {
        guard text.contains("\r") else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
