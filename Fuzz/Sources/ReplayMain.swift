#if !PAYWALL_FUZZING
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Without libFuzzer: `paywall-text-fuzz render|catalog PATH…` runs every file (or every
/// file in a folder) through the fuzz target once and prints how many it ran.
@main
struct ReplayMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: paywall-text-fuzz render|catalog PATH…")
            exit(64)
        }
        var count = 0
        for path in arguments.dropFirst() {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                print("no such file: \(path)")
                exit(66)
            }
            let files = isDirectory
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run(data)
                count += 1
            }
        }
        print("replayed \(count) inputs through \(target.rawValue)")
    }
}
#endif
