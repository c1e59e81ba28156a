import Foundation
import JournalgenKit

/// libFuzzer's entry point (`make fuzz`): the target named by JOURNALGEN_FUZZ_TARGET gets each
/// input. Built only with JOURNALGEN_FUZZ set (see Package.swift), with libFuzzer linked in.
let target = ProcessInfo.processInfo.environment["JOURNALGEN_FUZZ_TARGET"] ?? "entry"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTargets.run(target, start.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's `main` to `<target>_main`: libFuzzer's driver runs from here.
@_cdecl("JournalgenFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
