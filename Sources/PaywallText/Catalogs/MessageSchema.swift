/// The argument schema of a folder of ICU messages: which arguments each message receives,
/// how it may use them, and how strictly a problem is reported. The built-in catalogs and a
/// copy folder are two folders of one format with two schemas; ``lint(_:)`` checks either,
/// and ``CatalogLintReport`` reports either.
enum MessageSchema: Sendable {
    /// The built-in catalogs (`Locales/`): each key's arguments are its ``Messages``
    /// constant's (``MessageSignature``), and every problem is an error, since a catalog is
    /// right before it is built in.
    case catalog
    /// A copy folder (``PaywallCopy``): every message may use every copy argument
    /// (``CopyArgument``); a plural category the language needs or never uses is a warning,
    /// since the copy is the app's and renders all the same.
    case copy

    /// Checks every file of a folder: the catalogs against English and ICU
    /// (``CatalogLinter``), a copy folder against its source `en.json` and ICU (``CopyLinter``).
    func lint(_ files: [Catalog]) -> [CatalogProblem] {
        switch self {
        case .catalog: CatalogLinter.lint(files)
        case .copy: CopyLinter.lint(files)
        }
    }

    /// What `select` works on, in a problem's message: `a unit`.
    var keywordNoun: String {
        switch self {
        case .catalog: "a unit"
        case .copy: "a keyword"
        }
    }

    /// How a `plural` without a category the language needs, or with one it never uses, is reported.
    var categorySeverity: CatalogProblem.Severity {
        switch self {
        case .catalog: .error
        case .copy: .warning
        }
    }

    /// Whether a keyword placed as text (`{unit}`, which prints an English keyword) is an
    /// error: in a copy message; a catalog's keywords are each message's own.
    var rejectsKeywordAsText: Bool {
        switch self {
        case .catalog: false
        case .copy: true
        }
    }
}
