/// What a run of text is, for styling: the price, the period, the percentage, …
///
/// Roles name the meaning of a formatted piece, wherever a sentence places it: in
/// `Free for 1 week, then $9.99/month`, `1 week` is the ``duration`` and `$9.99` the
/// ``regularPrice``. Text a catalog's message writes itself (`Free for `, `/month`) has no
/// role.
public enum TextRole: String, Sendable, Hashable, CaseIterable {
    /// What an offer charges: `$1.99`, or the catalog's word for free (`Free`).
    case offerPrice
    /// The plan's regular price, wherever it appears: `$9.99`.
    case regularPrice
    /// A price per day, week, month or year (`$4.49` in `$4.49/month`), and what a plan
    /// saves in a year (`$30` in `Save $30 a year`).
    case unitPrice
    /// How long an offer or a phase lasts: `3 months`.
    case duration
    /// A billing period: `1 month`, `3 mths`.
    case period
    /// A percentage: `35%`.
    case percent
    /// A calendar date: `February 28, 2026`.
    case date
}

/// One run of a rendered text: a formatted piece with its ``TextRole``, or the literal text
/// between pieces (no role).
///
/// The runs of a field, joined, are the field's text exactly, invisible characters
/// included: an isolate (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE) that wraps a
/// piece in a right-to-left sentence belongs to the piece's run.
public struct TextRun: Sendable, Hashable {
    /// The run's text.
    public var text: String
    /// What the run is; `nil` for literal text.
    public var role: TextRole?

    /// Creates a run.
    public init(_ text: String, role: TextRole? = nil) {
        self.text = text
        self.role = role
    }
}

/// The direction a text is written in, as HTML's `dir` attribute names it.
public enum TextDirection: String, Sendable, Hashable {
    /// Left to right: `ltr`.
    case leftToRight = "ltr"
    /// Right to left (Arabic, Hebrew, Urdu): `rtl`.
    case rightToLeft = "rtl"
}

/// The language of a text and the direction it is written in, as HTML's `lang` and `dir`
/// attributes name them.
public struct TextLanguage: Sendable, Hashable {
    /// A BCP 47 tag: `en`, `ar`, `pt-PT`, `zh-Hant`.
    public var tag: String
    /// The direction of the language's script.
    public var direction: TextDirection

    /// Creates a language.
    public init(tag: String, direction: TextDirection) {
        self.tag = tag
        self.direction = direction
    }
}

/// Values by field path, in the order of the fields: a result's ``RenderedProduct/spoken``
/// texts and its ``RenderedProduct/parts``.
///
/// A path names a field within its result as the JSON output does: `recurringPrice`,
/// `pricePer.month.billed`, `savings.headline`; an offer's and a phase's fields are in the
/// offer's and the phase's own map (`summary`).
///
/// ```swift
/// text.spoken["recurringPrice"]          // "9.99 US dollars per month"
/// for (field, runs) in text.offers[0].parts { … }
/// ```
public struct FieldMap<Value: Sendable & Hashable>: Sendable, Hashable, Sequence {
    private var paths: [String] = []
    private var values: [Value] = []

    /// An empty map.
    public init() {}

    /// The value of a field, `nil` when the map has none.
    public subscript(path: String) -> Value? {
        get { paths.firstIndex(of: path).map { values[$0] } }
        set {
            if let index = paths.firstIndex(of: path) {
                if let newValue { values[index] = newValue } else {
                    paths.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                paths.append(path)
                values.append(newValue)
            }
        }
    }

    /// Adds a field that the map does not hold yet, after the others.
    mutating func append(_ value: Value, for path: String) {
        paths.append(path)
        values.append(value)
    }

    /// The paths, in field order.
    public var fields: [String] { paths }

    /// Whether the map holds no field.
    public var isEmpty: Bool { paths.isEmpty }

    /// How many fields the map holds.
    public var count: Int { paths.count }

    /// Each field's path and value, in field order.
    public func makeIterator() -> some IteratorProtocol<(field: String, value: Value)> {
        zip(paths, values).lazy.map { (field: $0, value: $1) }.makeIterator()
    }
}
