/// One built-in catalog's messages compiled for one locale (``CompiledMessages``), with the
/// scratch values a render collects each message's arguments in, and the spoken forms and
/// runs of the messages when a render asks for them.
///
/// ICU's MessageFormat must not be used by two threads at once, so a set belongs to one
/// render context, which one render at a time uses (see ``RenderContext``).
final class MessageSet {
    /// Whether the sentences are right to left, so that their pieces are isolated.
    let isRightToLeft: Bool
    private var compiled: CompiledMessages<CatalogMessages>
    /// Reused by every call, so that collecting a message's values allocates nothing once
    /// its storage has grown (formatting never nests, and a set serves one render at a time).
    private var scratch: MessageValues
    /// The same for messages whose pieces are never isolated (see ``Message/isolatesPieces``).
    private var plainScratch: MessageValues
    /// The scratch values of calls that keep runs and spoken forms (see ``scratch``); they
    /// take storage on first use.
    private var annotatedScratch: MessageValues
    private var annotatedPlainScratch: MessageValues
    /// The scratch values of a spoken key's arguments (``SpokenArguments``).
    private var spokenScratch: MessageValues

    /// Templates one set keeps: each message in a few hundred combinations of count and unit.
    static let templateCapacity = 512

    init(catalog: Catalog, locale: String, isRightToLeft: Bool) {
        self.isRightToLeft = isRightToLeft
        compiled = CompiledMessages(CatalogMessages(catalog: catalog), locale: locale, templateCapacity: MessageSet.templateCapacity)
        scratch = MessageValues(capacity: 12, isolatesPieces: isRightToLeft, mode: .collecting)
        plainScratch = MessageValues(capacity: 4, isolatesPieces: false, mode: .collecting)
        annotatedScratch = MessageValues(capacity: 0, isolatesPieces: isRightToLeft, mode: .annotated)
        annotatedPlainScratch = MessageValues(capacity: 0, isolatesPieces: false, mode: .annotated)
        spokenScratch = MessageValues(capacity: 0, isolatesPieces: isRightToLeft, mode: .annotated)
    }

    /// The catalog the messages are compiled from.
    var catalog: Catalog { compiled.folder.catalog }
    /// The ICU locale the messages are compiled for (plural rules, the number `#` prints).
    var locale: String { compiled.locale }
    /// The bytes the compiled messages and templates hold, estimated.
    var estimatedBytes: Int { compiled.estimatedBytes }
    /// How many templates the set keeps.
    var templateCount: Int { compiled.templateCount }

    /// Formats a message with the arguments its type declares: through the template of
    /// its integers and keyword, which ICU makes on first use; with its runs and spoken form
    /// when `mode` asks for them.
    func format<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments, _ mode: TextMode) throws(PaywallTextError) -> Text {
        guard mode.annotates else { return Text(try format(message, arguments)) }
        if message.isolatesPieces { return try formatAnnotated(message, arguments, speaking: mode.speaks, &annotatedScratch) }
        return try formatAnnotated(message, arguments, speaking: mode.speaks, &annotatedPlainScratch)
    }

    /// Formats a message as plain text, through its template.
    func format<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments) throws(PaywallTextError) -> String {
        // A template does not depend on isolation: its placeholders are filled with the texts,
        // isolated or not, afterwards.
        if message.isolatesPieces {
            return try compiled.format(message.index, arguments, collectingIn: &scratch)
        }
        return try compiled.format(message.index, arguments, collectingIn: &plainScratch)
    }

    /// Formats a message as plain text whatever the render under way asks (no runs, no spoken
    /// form, no isolates): a piece of a value that is formatted once and kept for every
    /// render (the day of the month in a date, ``ZoneDates``).
    func formatPlain<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments) throws(PaywallTextError) -> String {
        try compiled.format(message.index, arguments, collectingIn: &plainScratch)
    }

    /// Formats a message by ICU with the texts themselves, without a template: what
    /// ``format(_:_:)`` must always equal.
    func formatDirectly<Arguments>(_ message: Message<Arguments>, _ arguments: Arguments) throws(PaywallTextError) -> String {
        var values = makeValues(capacity: 12, mode: .texts)
        arguments.visit(&values)
        return try format(message.key, values)
    }

    /// Values for one of this set's messages.
    func makeValues(capacity: Int, mode: MessageValues.Mode) -> MessageValues {
        MessageValues(capacity: capacity, isolatesPieces: isRightToLeft, mode: mode)
    }

    /// Formats through the template, for values given with placeholders (see ``TemplateCheck``).
    func format(_ key: MessageKey, templated values: MessageValues) throws(PaywallTextError) -> String {
        try compiled.template(key.index, placeholders: values).filled(with: values.texts)
    }

    /// Formats by ICU with the values as they are (texts or placeholders).
    func format(_ key: MessageKey, _ values: MessageValues) throws(PaywallTextError) -> String {
        try compiled.format(key.index, values)
    }

    // MARK: - Annotated

    /// Formats a message with its runs and spoken form: the string and the runs filled with
    /// the arguments' strings and runs, and the spoken form filled with their spoken forms
    /// into the template of the message itself, or of its `spoken.` key (``SpokenArguments``),
    /// which receives that as `said`. All come from the same templates as
    /// ``format(_:_:)-5w1rp``, so the string is that method's output. A text that holds an
    /// amount is also said in each case (``SpokenCase``), filled alike with its arguments'
    /// forms in that case, for the messages it is placed in.
    private func formatAnnotated<Arguments>(
        _ message: Message<Arguments>, _ arguments: Arguments, speaking: Bool, _ values: inout MessageValues
    ) throws(PaywallTextError) -> Text {
        values.reset()
        arguments.visit(&values)
        let template = try compiled.template(message.index, of: arguments, values.key)
        let string = template.filled(with: values.texts)
        let spans = template.filledSpans(with: values.spans, isolating: values.isolatesPieces)
        guard speaking else { return Text(string, notes: TextNotes(spoken: "", spans: spans)) }
        let said = template.filled(with: values.spokenTexts)
        let saidCases = MessageSet.cases(of: template, values)
        guard let spokenKey = message.key.spokenKey else {
            return Text(string, notes: TextNotes(spoken: said, spans: spans, cases: saidCases))
        }
        let spokenArguments = SpokenArguments(written: arguments, said: Text(said, notes: TextNotes(spoken: said, spans: [], cases: saidCases)))
        var spokenValues = MessageValues(capacity: 0, isolatesPieces: values.isolatesPieces, mode: .annotated)
        swap(&spokenValues, &spokenScratch)
        defer { swap(&spokenValues, &spokenScratch) }
        if spokenValues.isolatesPieces != values.isolatesPieces {
            spokenValues = MessageValues(capacity: 0, isolatesPieces: values.isolatesPieces, mode: .annotated)
        }
        spokenValues.reset()
        spokenArguments.visit(&spokenValues)
        let spokenTemplate = try compiled.template(spokenKey.index, of: spokenArguments, spokenValues.key)
        return Text(string, notes: TextNotes(spoken: spokenTemplate.filled(with: spokenValues.spokenTexts), spans: spans,
                                             cases: MessageSet.cases(of: spokenTemplate, spokenValues)))
    }

    /// A message's output in each case, filled with its arguments' forms in that case; `nil`
    /// when no argument holds an amount.
    private static func cases(of template: MessageTemplate, _ values: MessageValues) -> CaseForms? {
        guard values.holdsAmounts else { return nil }
        return CaseForms(forms: SpokenCase.allCases.map { spokenCase in
            values.spokenTexts(in: spokenCase).map { template.filled(with: $0) }
        })
    }
}
