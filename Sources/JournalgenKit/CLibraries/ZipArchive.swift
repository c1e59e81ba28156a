import CLibArchive
import Foundation

/// Unpacks a ZIP file with libarchive. Only regular files are written, each below the target
/// folder: a name that is absolute or climbs out with `..` is refused, as are links (an export
/// never needs them, and a hostile archive uses them to write elsewhere).
enum ZipArchive {
    struct Failure: Error, Sendable {
        var message: String
    }

    /// Returns how many files were written below `folder`.
    static func extract(_ path: String, to folder: String) -> Result<Int, Failure> {
        guard let archive = archive_read_new() else { return .failure(Failure(message: "libarchive: out of memory")) }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip(archive)
        guard archive_read_open_filename(archive, path, 64 * 1024) == ARCHIVE_OK else {
            return .failure(Failure(message: "cannot open it as a ZIP file (\(errorText(archive)))"))
        }
        var entry: OpaquePointer?
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                return .failure(Failure(message: "the ZIP file is damaged (\(errorText(archive)))"))
            }
            guard let cName = archive_entry_pathname(entry) else { continue }
            let name = String(cString: cName)
            let type = archive_entry_filetype(entry)
            if type == 0o040000 { continue }  // AE_IFDIR (a cast macro Swift does not import)
            guard type == 0o100000 else {  // AE_IFREG
                return .failure(Failure(message: "'\(name)' in the ZIP file is a link or a device, not a file; an export holds only files"))
            }
            guard !MediaResolver.escapes(name), !name.split(separator: "/").contains("..") else {
                return .failure(Failure(message: "'\(name)' in the ZIP file would be written outside the folder it is unpacked in"))
            }
            let target = folder + "/" + name
            guard FileIO.makeDirectories((target as NSString).deletingLastPathComponent),
                  let out = fopen(target, "wx") else {
                return .failure(Failure(message: "cannot write '\(name)' while unpacking"))
            }
            defer { fclose(out) }
            while true {
                let read = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                if read == 0 { break }
                guard read > 0 else { return .failure(Failure(message: "the ZIP file is damaged at '\(name)' (\(errorText(archive)))")) }
                guard buffer.withUnsafeBytes({ fwrite($0.baseAddress, 1, read, out) }) == read else {
                    return .failure(Failure(message: "cannot write '\(name)' while unpacking (disk full?)"))
                }
            }
            count += 1
        }
        return .success(count)
    }

    private static func errorText(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "no detail"
    }
}
