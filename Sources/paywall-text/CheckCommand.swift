import ArgumentParser
import PaywallText
import PaywallTextJSON

/// `paywall-text check`: reads products as `render` does and reports, without rendering,
/// what cannot be read and which App Store offer rules the offers break.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check products against the model and the App Store's offer rules, or a paywall against the stores' rules.",
        discussion: """
        Reads FILE as `render` does (any --input format) and prints one line per product: \
        ok, each App Store offer rule its offers break (a warning: the stores change \
        their rules), or the error that stops it; and a line for each billing plan read \
        (a commitment or a prepaid plan). Exit codes: 0 when every product can \
        be rendered (warnings or not; with --strict, only without warnings, the products' or the document's), 1 with \
        --strict when there are warnings, 65 when a product cannot be read.

        With --paywall DESCRIPTION, checks what a paywall shows (its products, the \
        fields it shows with their prominence, the disclosures) against the store's \
        rules: the billed amount is the most prominent price, the renewal terms are \
        shown, a free trial says what follows it and when, every disclosure the store \
        requires is shown. Prints each finding with its rule and source. Exit codes: \
        0 without findings, 1 with findings, 65 for a description or products that \
        cannot be read, 66 for a missing file.
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

    @OptionGroup var reading: ReadingArguments

    @Option(help: ArgumentHelp(
        "Check a paywall's description (JSON: store, products, shows, disclosures) against the store's rules instead.",
        valueName: "description"))
    var paywall: String?

    func validate() throws {
        if paywall != nil, file != "-" {
            throw ValidationError("--paywall reads its products from the description's products; give no FILE")
        }
    }

    func run() throws {
        if let paywall {
            try PaywallCheckRun(path: paywall, format: format).run()
            return
        }
        let document = try DocumentInput.read(file, format: input.format, options: try reading.readOptions())
        let items = document.items
        var results: [JSONValue] = []
        for (index, item) in items.enumerated() {
            var name = item.source.productIdentifier ?? "item \(index + 1)"
            if let territory = item.source.territory { name += " (\(territory))" }
            var fields: [(String, JSONValue)] = [("index", .int(index + 1)), ("format", .string(item.source.format.rawValue))]
            if let id = item.source.productIdentifier { fields.append(("productIdentifier", .string(id))) }
            if let territory = item.source.territory { fields.append(("territory", .string(territory))) }
            fields.append(("path", .string(item.source.path)))
            fields.append(("warnings", .warnings(item.warnings)))
            let plan = try? item.result.get().billingPlanLine
            if let plan { fields.append(("billingPlan", .string(plan))) }
            if case .failure(let error) = item.result { fields.append(("error", .error(error))) }
            if !item.errors.isEmpty { fields.append(("errors", .array(item.errors.map(JSONValue.error)))) }
            if format == .text {
                for error in item.errors { print("error    \(name): \(error)") }
                for warning in item.warnings { print("warning  \(name): \(warning)") }
                if item.errors.isEmpty, item.warnings.isEmpty { print("ok       \(name)") }
                if let plan { print("plan     \(name): \(plan)") }
            }
            results.append(.object(fields))
        }
        if format == .json {
            let lines = results.map(\.text) + document.problems.map { RenderEntry.problemJSONText($0) }
            print(lines.isEmpty ? "[]" : "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]")
        } else {
            for problem in document.problems {
                let label = problem.severity == .error ? "error   " : "warning "
                print("\(label) \(problem.path.isEmpty ? "the document" : problem.path): \(problem.error.message)")
            }
        }
        if document.hasErrors {
            throw Exit.dataError
        }
        // The document's own warnings count too: a part of it not read is what --strict is for, and
        // so does an input with nothing in it (its warning is on standard error).
        if strict, items.contains(where: { !$0.warnings.isEmpty }) || document.problems.contains(where: { $0.severity == .warning })
            || (items.isEmpty && document.problems.isEmpty) {
            throw ExitCode.failure
        }
    }
}

extension CheckedProduct {
    /// The billing plan, as `check` lists it: `commitment: 12 payments, one every 1 month,
    /// 59.88 EUR in total, then a new commitment of 12 payments`; `nil` without one.
    var billingPlanLine: String? {
        guard let plan = product.billingPlan, let total = billingPlanTotalAmount, let period = product.subscriptionPeriod else { return nil }
        let every = "\(period.numberOfUnits) \(period.unit.rawValue)\(period.numberOfUnits == 1 ? "" : "s")"
        guard case .commitment(let commitment) = plan else {
            return "prepaid: one payment of \(total) \(currencyCode) for \(every), not renewed"
        }
        let then = switch commitment.renewal {
        case .regularPrice: "the same price every \(every) until cancelled"
        case .newCommitment(let payments): "a new commitment of \(payments) payments"
        case .ends: "nothing (the subscription ends)"
        }
        return "commitment: \(commitment.numberOfPayments) payments, one every \(every), \(total) \(currencyCode) in total, then \(then)"
    }
}
