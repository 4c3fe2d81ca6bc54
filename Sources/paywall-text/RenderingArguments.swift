import ArgumentParser
import PaywallText

/// The options `render` and `snapshot` share: where the sentences come from and how the
/// products are rendered.
struct RenderingArguments: ParsableArguments {
    @Option(name: .customLong("catalogs"), help: ArgumentHelp(
        "Read catalogs from this folder instead of the built-in ones (preview edited translations).",
        valueName: "dir"))
    var catalogDirectory: String?

    @Flag(name: .customLong("no-days-as-weeks"), help: "Keep day counts in days (7 days stays 7 days).")
    var keepDays = false

    @Flag(name: .customLong("no-months-as-years"), help: "Keep month counts in months (12 months stays 12 months).")
    var keepMonths = false

    @Option(name: .customLong("savings-reference"), help: ArgumentHelp(
        "Compute savings against the product with this productIdentifier (default: the dearest per month in each currency).",
        valueName: "product-id"))
    var savingsReference: String?

    @Option(name: .customLong("unit-price-rounding"), help: "How prices per day, week, month and year are rounded: towardZero (default) or halfEven.")
    var unitPriceRounding: UnitPriceRounding = .towardZero

    @Option(name: .customLong("cancellation-hint"), help: "Add where to cancel to the renewal terms: appStore or googlePlay.")
    var cancellationHint: CancellationHint?

    /// The library's options for these arguments.
    var options: RenderOptions {
        RenderOptions(
            normalization: PeriodNormalization(daysAsWeeks: !keepDays, monthsAsYears: !keepMonths),
            catalogs: catalogDirectory.map(CatalogSource.directory) ?? .embedded,
            unitPriceRounding: unitPriceRounding, cancellationHint: cancellationHint,
            savingsReference: savingsReference)
    }

    /// A catalog folder must load (and lint clean) before anything is rendered.
    func validate() throws {
        guard let catalogDirectory else { return }
        do {
            _ = try PaywallRenderer(options: options).catalogName(for: "en")
        } catch {
            throw ValidationError("--catalogs \(catalogDirectory): \(error)")
        }
    }

    /// `--savings-reference` must name a product of the input.
    func checkSavingsReference(in items: [ImportedProduct]) throws {
        guard let savingsReference, !items.contains(where: { (try? $0.result.get())?.productIdentifier == savingsReference }) else { return }
        throw ValidationError("--savings-reference \(savingsReference): no product in the input has that productIdentifier")
    }
}
