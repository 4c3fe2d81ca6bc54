#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
import PaywallText

/// When snapshot and golden files are written, as in swift-snapshot-testing; set with
/// `PAYWALL_TEXT_RECORD` or passed to ``PaywallSnapshots``.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write; a missing or different file is a failure (CI).
    case never
    /// Write files that do not exist yet (the default).
    case missing
    /// Write files that are missing or differ.
    case failed
    /// Write every file.
    case all

    /// The mode named by `PAYWALL_TEXT_RECORD`, `missing` when it is unset or empty.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(GoldenVerifier.ConfigurationError) -> RecordMode {
        guard let value = environment["PAYWALL_TEXT_RECORD"], !value.isEmpty else {
            return .missing
        }
        guard let mode = RecordMode(rawValue: value) else {
            throw .init(message: "PAYWALL_TEXT_RECORD=\(value) is not a record mode; use never, missing, failed or all")
        }
        return mode
    }
}

/// Compares rendered text with the files of a folder (`Goldens/<locale>.txt`, or a user's
/// `PaywallTextSnapshots/<locale>.txt`) and records it when the mode says so: one
/// implementation for the package's golden files and for snapshots of a user's products.
package struct GoldenVerifier {
    package struct ConfigurationError: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// What happened to one file.
    package enum Outcome: Equatable {
        /// The file matched.
        case matched
        /// The file was written (new or changed); recording always counts as a failure.
        /// `change` is the diff of a file that differed, with its path (`nil` for a new file,
        /// or one rewritten unchanged), for a command to show what the recording changed.
        case recorded(message: String, change: String?)
        /// The file is missing or differs and was not written.
        case failed(message: String)

        /// Whether the outcome should fail a test run.
        var isFailure: Bool { self != .matched }
    }

    /// The folder of the files.
    package let directory: URL
    /// The folder as messages name it (`Goldens`, `PaywallTextSnapshots`).
    package let displayName: String
    package let artifacts: URL
    package let mode: RecordMode
    /// The command a user runs to re-record, shown on a mismatch; `{mode}` is replaced by
    /// the record mode that fixes it.
    package let recordCommand: String

    /// - Parameters:
    ///   - directory: The folder of the files.
    ///   - displayName: How messages name the folder; by default its path.
    ///   - artifacts: Where actual output is written on a mismatch; defaults to
    ///     `PAYWALL_TEXT_ARTIFACTS`, else `defaultArtifacts`.
    package init(directory: URL, displayName: String? = nil, mode: RecordMode, artifacts: URL? = nil,
                 defaultArtifacts: URL, recordCommand: String) {
        self.directory = directory
        self.displayName = displayName ?? directory.path
        let fromEnvironment = ProcessInfo.processInfo.environment["PAYWALL_TEXT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        self.artifacts = artifacts ?? fromEnvironment.map { URL(fileURLWithPath: $0) } ?? defaultArtifacts
        self.mode = mode
        self.recordCommand = recordCommand
    }

    /// The package's golden files.
    ///
    /// - Parameters:
    ///   - packageRoot: The folder holding `Goldens/`.
    ///   - artifacts: Where actual output is written on a mismatch; defaults to
    ///     `PAYWALL_TEXT_ARTIFACTS`, else `.build/paywall-text-artifacts` under the package.
    package init(packageRoot: URL, mode: RecordMode, artifacts: URL? = nil, recordCommand: String) {
        self.init(directory: packageRoot.appendingPathComponent("Goldens"), displayName: "Goldens", mode: mode,
                  artifacts: artifacts, defaultArtifacts: packageRoot.appendingPathComponent(".build/paywall-text-artifacts"),
                  recordCommand: recordCommand)
    }

    /// Renders and checks one file, `<directory>/<name>.txt`.
    package func verify<Failure: Error>(name: String, render: () throws(Failure) -> String) -> Outcome {
        let path = directory.appendingPathComponent("\(name).txt")
        let shown = "\(displayName)/\(name).txt"
        let actual: String
        do {
            actual = try render()
        } catch {
            return .failed(message: "Could not render \(shown): \(error)")
        }
        let existing = (try? Data(contentsOf: path)).map { String(decoding: $0, as: UTF8.self) }

        switch (existing, mode) {
        case (nil, .never):
            return .failed(message: """
                No file at \(shown) (record mode never).
                Record it with: \(recordCommand.replacingMode(with: "missing"))
                """)
        case (nil, _):
            return record(actual, to: path, reason: "Recorded a new file")
        case (let expected?, .all):
            let note = expected == actual ? "unchanged" : "changed"
            return record(actual, to: path, reason: "Recorded the file (record mode all, \(note))")
        case (let expected?, _) where expected == actual:
            return .matched
        case (let expected?, .failed):
            let diff = LineDiff.unified(expected: expected, actual: actual, expectedName: "\(shown) (before)", actualName: "\(shown) (recorded)")
            return record(actual, to: path, reason: "Recorded the file (record mode failed)\n\(diff)", changed: true)
        case (let expected?, _):
            return .failed(message: mismatch(name: name, expected: expected, actual: actual))
        }
    }

    private func record(_ text: String, to path: URL, reason: String, changed: Bool = false) -> Outcome {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: path)
        } catch {
            return .failed(message: "Could not write \(path.path): \(error)")
        }
        let what = "\(reason): \(path.path)"
        return .recorded(message: "\(what)\nRecording is reported as a failure; run again with PAYWALL_TEXT_RECORD=never to verify.",
                         change: changed ? what : nil)
    }

    private func mismatch(name: String, expected: String, actual: String) -> String {
        var message = ""
        if let recorded = icuVersion(in: expected), major(recorded) != major(PaywallRenderer.icuVersion) {
            message += """
                NOTE: \(displayName)/\(name).txt was recorded with ICU \(recorded), but this machine has ICU \(PaywallRenderer.icuVersion). \
                Differences below may come from ICU's data rather than from this package.

                """
        }
        let artifact = artifacts.appendingPathComponent("\(name).txt")
        var artifactNote = "Actual output: \(artifact.path)"
        do {
            try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: artifact)
        } catch {
            artifactNote = "Could not write the actual output to \(artifact.path): \(error)"
        }
        let diff = LineDiff.unified(expected: expected, actual: actual, expectedName: "\(displayName)/\(name).txt (expected)", actualName: "\(name).txt (actual)")
        message += """
            \(displayName)/\(name).txt does not match the rendered output.
            \(diff)\(artifactNote)
            If the change is intended, re-record with: \(recordCommand.replacingMode(with: "failed"))
            """
        return message
    }

    private func icuVersion(in text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(GoldenWriter.icuHeaderPrefix) }) else { return nil }
        return line.dropFirst(GoldenWriter.icuHeaderPrefix.count).split(separator: " ").first.map(String.init)
    }

    private func major(_ version: String) -> Substring {
        version.split(separator: ".").first ?? Substring(version)
    }
}

extension String {
    /// The record command with `{mode}` filled in.
    fileprivate func replacingMode(with mode: String) -> String {
        split(separator: "{mode}", omittingEmptySubsequences: false).joined(separator: mode)
    }
}
