#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import PaywallText
import PaywallTextJSON

/// `paywall-text check --paywall FILE`: a paywall's description checked against the
/// store's rules (``PaywallCheck``).
struct PaywallCheckRun {
    let path: String
    let format: OutputFormat

    func run() throws {
        let data: Data
        do throws(InputReader.Failure) {
            data = try InputReader.read(path)
        } catch {
            throw error.exitCode
        }
        // A products file named by the description is read beside it.
        let folder = path == "-" ? "" : (path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : "")
        var missing: InputReader.Failure?
        // Every error of the description at once, so that one run shows every typo.
        let read = PaywallDescription.read(data) { (name) throws(PaywallTextError) -> Data in
            let file = name.hasPrefix("/") ? name : folder + name
            do throws(InputReader.Failure) {
                return try InputReader.read(file)
            } catch {
                missing = error
                throw PaywallTextError(.invalidValue, path: "products", message: "\(quoted(name)) cannot be read")
            }
        }
        if let missing { throw missing.exitCode }
        guard let description = read.description else {
            let name = path == "-" ? "standard input" : path
            for error in read.errors { printError("error: \(name): \(error)") }
            throw Exit.dataError
        }
        for (index, item) in description.products.items.enumerated() {
            let name = item.source.productIdentifier ?? "item \(index + 1)"
            for error in item.errors { printError("error: products: \(name): \(error)") }
        }
        for problem in description.products.problems where problem.severity == .error {
            printError("error: products: \(problem.error)")
        }

        let findings = PaywallCheck.findings(description)
        switch format {
        case .json:
            let lines = findings.map { finding -> String in
                var fields: [(String, JSONValue)] = [("rule", .string(finding.rule.rawValue))]
                if let product = finding.productIdentifier { fields.append(("productIdentifier", .string(product))) }
                if let field = finding.field { fields.append(("field", .string(field))) }
                if let role = finding.role { fields.append(("role", .string(role.rawValue))) }
                fields.append(("message", .string(finding.message)))
                fields.append(("source", .string(finding.source)))
                return JSONValue.object(fields).text
            }
            print(lines.isEmpty ? "[]" : "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]")
        case .text:
            for finding in findings {
                let place = [finding.productIdentifier ?? "the paywall", finding.field].compactMap { $0 }.joined(separator: " · ")
                print("finding  \(finding.rule.rawValue)  \(place): \(finding.message)")
                print("         source: \(finding.source)")
            }
            if findings.isEmpty {
                print("ok       the paywall keeps the \(description.store == .appStore ? "App Store's" : "Google Play's") rules that can be checked")
            }
        }
        if description.products.hasErrors { throw Exit.dataError }
        if !findings.isEmpty { throw ExitCode.failure }
    }
}
