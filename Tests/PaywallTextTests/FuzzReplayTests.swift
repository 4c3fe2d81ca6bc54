import Foundation
import Testing

/// Replays the fuzz seeds and every saved finding through the fuzz entry point.
@Suite("Fuzz corpora and regressions")
struct FuzzReplayTests {
    private func replay(_ target: String) throws -> CommandResult {
        try run(builtExecutable("paywall-text-fuzz"), [target, "Fuzz/corpus/\(target)", "Fuzz/regressions/\(target)"])
    }

    private func fileCount(_ folder: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path).count
    }

    @Test(arguments: ["render", "catalog"])
    func replaysEverySavedInput(_ target: String) throws {
        let expected = try fileCount("Fuzz/corpus/\(target)") + fileCount("Fuzz/regressions/\(target)")
        let result = try replay(target)
        #expect(result.status == 0)
        #expect(result.stdout == "replayed \(expected) inputs through \(target)\n")
    }
}
