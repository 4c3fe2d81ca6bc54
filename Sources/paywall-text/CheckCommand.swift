import ArgumentParser
import PaywallText
import PaywallTextJSON

/// `paywall-text check`: reads products as `render` does and reports, without rendering,
/// what cannot be read and which App Store offer rules the offers break.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check products against the model and the App Store's offer rules.",
        discussion: """
        Reads FILE as `render` does (any --input format) and prints one line per product: \
        ok, each App Store offer rule its offers break (a warning: the stores change \
        their rules), or the error that stops it. Exit codes: 0 when every product can \
        be rendered (warnings or not; with --strict, only without warnings), 1 with \
        --strict when there are warnings, 65 when a product cannot be read.
        """
    )

    @Argument(help: "A JSON file of products, or - for standard input.")
    var file: String = "-"

    @Option(help: "The input's format: \(InputFormat.choiceNames.joined(separator: ", ")).")
    var input: InputChoice = .auto

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Exit 1 when an offer breaks a store rule.")
    var strict = false

    func run() throws {
        let items = try DocumentInput.read(file, format: input.format).items
        var results: [JSONValue] = []
        for (index, item) in items.enumerated() {
            var name = item.source.productIdentifier ?? "item \(index + 1)"
            if let territory = item.source.territory { name += " (\(territory))" }
            var fields: [(String, JSONValue)] = [("index", .int(index + 1)), ("format", .string(item.source.format.rawValue))]
            if let id = item.source.productIdentifier { fields.append(("productIdentifier", .string(id))) }
            if let territory = item.source.territory { fields.append(("territory", .string(territory))) }
            fields.append(("path", .string(item.source.path)))
            fields.append(("warnings", .warnings(item.warnings)))
            switch item.result {
            case .success:
                if format == .text {
                    print(item.warnings.isEmpty ? "ok       \(name)" : item.warnings.map { "warning  \(name): \($0)" }.joined(separator: "\n"))
                }
            case .failure(let error):
                if format == .text { print("error    \(name): \(error)") }
                fields.append(("error", .error(error)))
            }
            results.append(.object(fields))
        }
        if format == .json {
            print(results.isEmpty ? "[]" : "[\n" + results.map { "  " + $0.text }.joined(separator: ",\n") + "\n]")
        }
        if items.contains(where: { if case .failure = $0.result { true } else { false } }) {
            throw Exit.dataError
        }
        if strict, items.contains(where: { !$0.warnings.isEmpty }) {
            throw ExitCode.failure
        }
    }
}
