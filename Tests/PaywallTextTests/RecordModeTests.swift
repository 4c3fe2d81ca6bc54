import Foundation
@testable import PaywallTextGoldens
import Testing

/// Record modes and mismatch reports, on a scratch copy of one golden file.
@Suite("Golden record modes")
struct RecordModeTests {
    /// A scratch package folder holding a copy of `Goldens/ru-RU.txt`, or none.
    private func scratch(copyGolden: Bool = true) throws -> TemporaryFolder {
        let root = try TemporaryFolder("goldens")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Goldens"), withIntermediateDirectories: true)
        if copyGolden {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Goldens/ru-RU.txt"),
                                             to: root.appendingPathComponent("Goldens/ru-RU.txt"))
        }
        return root
    }

    private func verifier(_ root: TemporaryFolder, _ mode: RecordMode) -> GoldenVerifier {
        GoldenVerifier(packageRoot: root.url, mode: mode, artifacts: root.appendingPathComponent("artifacts"),
                       recordCommand: "PAYWALL_TEXT_RECORD={mode} swift test")
    }

    private func edit(_ root: TemporaryFolder, _ change: (String) -> String) throws -> URL {
        let file = root.appendingPathComponent("Goldens/ru-RU.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        try change(text).write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func matchingFilePasses() throws {
        let root = try scratch()
        #expect(verifier(root, .never).verify(catalog: "ru", locale: "ru-RU") == .matched)
        #expect(verifier(root, .missing).verify(catalog: "ru", locale: "ru-RU") == .matched)
        #expect(verifier(root, .failed).verify(catalog: "ru", locale: "ru-RU") == .matched)
    }

    @Test func neverDoesNotRecordAMissingFile() throws {
        let root = try scratch(copyGolden: false)
        let outcome = verifier(root, .never).verify(catalog: "ru", locale: "ru-RU")
        guard case .failed(let message) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(message.contains("PAYWALL_TEXT_RECORD=missing swift test"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Goldens/ru-RU.txt").path))
    }

    @Test func missingRecordsANewFileAndFails() throws {
        let root = try scratch(copyGolden: false)
        let outcome = verifier(root, .missing).verify(catalog: "ru", locale: "ru-RU")
        #expect(outcome.isFailure)
        guard case .recorded = outcome else { Issue.record("expected a recording, got \(outcome)"); return }
        let written = try Data(contentsOf: root.appendingPathComponent("Goldens/ru-RU.txt"))
        #expect(written == (try Data(contentsOf: packageRoot.appendingPathComponent("Goldens/ru-RU.txt"))))
    }

    @Test func mismatchShowsADiffTheArtifactAndTheCommand() throws {
        let root = try scratch()
        let file = try edit(root) { $0.replacingOccurrences(of: "week · 21 → 21 неделя [one]", with: "week · 21 → 21 недель [one]") }
        for mode in [RecordMode.never, .missing] {
            let outcome = verifier(root, mode).verify(catalog: "ru", locale: "ru-RU")
            guard case .failed(let message) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
            #expect(message.contains("\n-week · 21 → 21 недель [one]\n+week · 21 → 21 неделя [one]\n"))
            #expect(message.contains("@@ -"))
            #expect(message.contains("PAYWALL_TEXT_RECORD=failed swift test"))
            let artifact = root.appendingPathComponent("artifacts/ru-RU.txt")
            #expect(message.contains(artifact.path))
            #expect(try String(contentsOf: artifact, encoding: .utf8).contains("week · 21 → 21 неделя [one]"))
            #expect(try String(contentsOf: file, encoding: .utf8).contains("21 недель [one]"), "never and missing leave the file alone")
        }
    }

    @Test func failedAndAllRecordAndStillFail() throws {
        for mode in [RecordMode.failed, .all] {
            let root = try scratch()
            let file = try edit(root) { $0.replacingOccurrences(of: "1 неделя", with: "одна неделя") }
            let outcome = verifier(root, mode).verify(catalog: "ru", locale: "ru-RU")
            guard case .recorded(let message, _) = outcome else { Issue.record("expected a recording, got \(outcome)"); return }
            #expect(message.contains("PAYWALL_TEXT_RECORD=never"))
            #expect(try Data(contentsOf: file) == (try Data(contentsOf: packageRoot.appendingPathComponent("Goldens/ru-RU.txt"))))
        }
    }

    @Test func allRecordsEvenAnUnchangedFile() throws {
        let root = try scratch()
        #expect(verifier(root, .all).verify(catalog: "ru", locale: "ru-RU").isFailure)
    }

    @Test func otherICUMajorVersionIsNamedFirst() throws {
        let root = try scratch()
        _ = try edit(root) { $0.replacingOccurrences(of: "# ICU 72.1", with: "# ICU 76.1") }
        let outcome = verifier(root, .never).verify(catalog: "ru", locale: "ru-RU")
        guard case .failed(let message) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(message.hasPrefix("NOTE: Goldens/ru-RU.txt was recorded with ICU 76.1, but this machine has ICU \(icuVersion)."))
    }

    @Test func recordModeComesFromTheEnvironment() throws {
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(try RecordMode.fromEnvironment(["PAYWALL_TEXT_RECORD": ""]) == .missing)
        for mode in ["never", "missing", "failed", "all"] {
            #expect(try RecordMode.fromEnvironment(["PAYWALL_TEXT_RECORD": mode]).rawValue == mode)
        }
        #expect(throws: GoldenVerifier.ConfigurationError.self) {
            try RecordMode.fromEnvironment(["PAYWALL_TEXT_RECORD": "sometimes"])
        }
        do {
            _ = try RecordMode.fromEnvironment(["PAYWALL_TEXT_RECORD": "sometimes"])
        } catch {
            #expect(error.message == "PAYWALL_TEXT_RECORD=sometimes is not a record mode; use never, missing, failed or all")
        }
    }

    @Test func goldensCommandChecksEveryFile() throws {
        let result = try runTool(["goldens"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("50 golden files: 0 recorded, 0 failed\n"))
    }
}
