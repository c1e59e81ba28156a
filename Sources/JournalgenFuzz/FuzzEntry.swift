import Foundation
import JournalgenKit

/// libFuzzer's entry point (`make fuzz`): the target named by JOURNALGEN_FUZZ_TARGET gets each
/// input. Built only with `swift build -sanitize=fuzzer`, which brings libFuzzer's `main`.
nonisolated(unsafe) let target = ProcessInfo.processInfo.environment["JOURNALGEN_FUZZ_TARGET"] ?? "entry"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTargets.run(target, Data(bytes: start, count: count))
    return 0
}
