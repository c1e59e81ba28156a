import Foundation
import Testing
@testable import JournalgenKit

/// Every input the fuzzer keeps (Tests/Fuzz/corpus/TARGET/) and every crash it found and we fixed
/// (Tests/Fuzz/crashes/TARGET/) goes through its target again on every `make test`.
@Suite struct FuzzReplayTests {
    @Test func everySavedInputPassesItsTarget() throws {
        var replayed = 0
        for folder in ["corpus", "crashes"] {
            let base = packageRoot.appendingPathComponent("Tests/Fuzz/\(folder)")
            for target in FuzzTargets.names {
                let dir = base.appendingPathComponent(target)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where !name.hasPrefix(".") {
                    FuzzTargets.run(target, try Data(contentsOf: dir.appendingPathComponent(name)))
                    replayed += 1
                }
            }
        }
        #expect(replayed > 100, "the seed corpus is in place")
    }
}
