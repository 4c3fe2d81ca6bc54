import Foundation
import Testing

/// Replays the fuzz seeds and every saved finding through the fuzz entry point.
@Suite("Fuzz corpora and regressions")
struct FuzzReplayTests {
    private func replay(_ target: String) throws -> CommandResult {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("paywall-text-fuzz")
        let process = Process()
        process.executableURL = executable
        process.arguments = [target, "Fuzz/corpus/\(target)", "Fuzz/regressions/\(target)"]
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
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
