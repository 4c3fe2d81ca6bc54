/// A folder of ICU messages and the argument schema they are compiled with: a built-in
/// catalog (``CatalogMessages``, one message per ``MessageKey``) or a copy folder (``CopyMessages``,
/// one message per file and key). Each message is known by its position.
protocol MessageFolder {
    /// How many messages the folder holds.
    var messageCount: Int { get }
    /// The pattern of message `index`; `nil` when the folder lacks it.
    func pattern(at index: Int) -> String?
    /// The names of the arguments message `index` receives, in the order ICU receives the
    /// values (the order its ``MessageArguments`` visits them in).
    func argumentNames(at index: Int) -> [String]
    /// The file and the key of message `index`, for errors.
    func location(at index: Int) -> CatalogLocation
}

/// A folder's messages compiled by ICU for one locale, each on first use with its argument
/// names, and the templates of the outputs formatted so far (``MessageTemplate``): the one
/// core of the built-in catalogs' messages (``MessageSet``) and a copy folder's
/// (``CopyMessageSet``).
///
/// A message's values are collected by its ``MessageArguments`` into ``MessageValues``: the
/// texts, and the integers and keywords that are its template's key in the
/// ``TemplateTable``. ICU formats a message once per key, with placeholders for the texts;
/// the texts are filled in after.
///
/// ICU's MessageFormat must not be used by two threads at once: the messages belong to one
/// render context, which one render at a time uses (``RenderContext``).
struct CompiledMessages<Folder: MessageFolder> {
    let folder: Folder
    /// The ICU locale the messages are compiled for (plural rules, the number `#` prints).
    let locale: String
    private var formats: [ICU.MessageFormat?]
    private var templates: TemplateTable
    /// The bytes the compiled messages and templates hold, estimated.
    private(set) var estimatedBytes = 0

    /// - Parameter templateCapacity: The most templates kept, for every message together.
    init(_ folder: Folder, locale: String, templateCapacity: Int) {
        self.folder = folder
        self.locale = locale
        formats = Array(repeating: nil, count: folder.messageCount)
        templates = TemplateTable(messages: folder.messageCount, capacity: templateCapacity)
    }

    /// How many templates are kept.
    var templateCount: Int { templates.count }

    /// Formats message `index` through the template of its arguments' integers and keywords,
    /// collecting the values in `values` (emptied first, its storage kept).
    mutating func format<Arguments: MessageArguments>(
        _ index: Int, _ arguments: Arguments, collectingIn values: inout MessageValues
    ) throws(PaywallTextError) -> String {
        values.reset()
        arguments.visit(&values)
        return try template(index, of: arguments, values.key).filled(with: values.texts)
    }

    /// The template of message `index` for these integers and keywords, which ICU makes on
    /// first use from `arguments` with placeholders in place of the texts.
    mutating func template<Arguments: MessageArguments>(
        _ index: Int, of arguments: Arguments, _ key: TemplateArguments
    ) throws(PaywallTextError) -> MessageTemplate {
        if let template = templates.template(index, key) { return template }
        var placeholders = MessageValues(capacity: 16, mode: .placeholders)
        arguments.visit(&placeholders)
        return try makeTemplate(index, key, placeholders)
    }

    /// The template of message `index` for values given with placeholders (``MessageValues/Mode/placeholders``).
    mutating func template(_ index: Int, placeholders: MessageValues) throws(PaywallTextError) -> MessageTemplate {
        if let template = templates.template(index, placeholders.key) { return template }
        return try makeTemplate(index, placeholders.key, placeholders)
    }

    private mutating func makeTemplate(
        _ index: Int, _ key: TemplateArguments, _ placeholders: MessageValues
    ) throws(PaywallTextError) -> MessageTemplate {
        let template = MessageTemplate(output: try format(index, placeholders))
        if let evicted = templates.insert(template, index, key) {
            estimatedBytes -= evicted.estimatedBytes
        }
        estimatedBytes += template.estimatedBytes
        return template
    }

    /// Formats message `index` by ICU with the values as they are (texts or placeholders),
    /// without a template: what the templates must always equal.
    mutating func format(_ index: Int, _ values: MessageValues) throws(PaywallTextError) -> String {
        let format = try compiled(index)
        do {
            return try format.format(values.buffer)
        } catch {
            throw PaywallTextError(.formattingFailed, catalog: folder.location(at: index), message: "\(error)")
        }
    }

    /// Message `index` compiled by ICU, on first use.
    private mutating func compiled(_ index: Int) throws(PaywallTextError) -> ICU.MessageFormat {
        if let format = formats[index] { return format }
        // Folders are checked before use (lint, tests, loading a folder); this guards the rest.
        guard let pattern = folder.pattern(at: index) else {
            throw PaywallTextError(.invalidCatalog, catalog: folder.location(at: index), message: "missing message")
        }
        do {
            let format = try ICU.MessageFormat(pattern: pattern, locale: locale, arguments: folder.argumentNames(at: index))
            formats[index] = format
            estimatedBytes += Self.compiledBytes(pattern)
            return format
        } catch {
            throw PaywallTextError(.invalidCatalog, catalog: folder.location(at: index), message: "\(error)")
        }
    }

    /// What ICU holds for a compiled message, estimated: the pattern and its parts, and for
    /// each argument with options (`plural`, `select`) its rules and formats: 1 KB, 12 bytes
    /// per byte of pattern, and 5 KB per comma (each such argument has two). The benchmark's
    /// `--calibrate` run checks the estimates of a locale's caches together against resident
    /// memory: 309 KiB estimated against 344 KiB grown per locale, over 49 locales.
    static func compiledBytes(_ pattern: String) -> Int {
        let commas = pattern.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
        return 1024 + 12 * pattern.utf8.count + 5 * 1024 * min(commas, 8)
    }
}

/// A built-in catalog as a folder of messages: one per ``MessageKey``, in its order, each
/// with the arguments its key's signature declares.
struct CatalogMessages: MessageFolder {
    let catalog: Catalog

    var messageCount: Int { MessageKey.ordered.count }

    func pattern(at index: Int) -> String? { catalog.messages[MessageKey.ordered[index].rawValue] }

    func argumentNames(at index: Int) -> [String] { MessageKey.ordered[index].signature.names }

    func location(at index: Int) -> CatalogLocation { CatalogLocation(file: catalog.file, key: MessageKey.ordered[index].rawValue) }
}
