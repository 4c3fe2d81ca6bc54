package import PaywallText

/// A result's fields as the one list names them (``RenderedProduct/visitEveryField(_:)``),
/// kept as a tree of objects by JSON name: what the text table and the snapshot files read
/// their lines from, each through its own table of labels keyed by JSON path, so that a
/// field added to the list reaches them without another edit, or fails the test of their
/// tables (`FieldLabelTests`) by name.
package struct ListedObject: Hashable, Sendable {
    /// The object's path without indices (`offers.phases`); empty for the product.
    package let path: String
    /// Its fields in the list's order.
    package fileprivate(set) var fields: [ListedField] = []

    /// Every field of a result, those a render did not select too.
    package init(_ result: RenderedProduct) {
        var builder = Builder(object: ListedObject(path: ""))
        result.visitEveryField(&builder)
        self = builder.object
    }

    private init(path: String) {
        self.path = path
    }

    /// The value of the field `name`, `nil` when the object has no such field.
    package subscript(_ name: String) -> ListedValue? {
        fields.first { $0.name == name }?.value
    }

    /// The text of the field `name`, `nil` when it has none.
    package func text(_ name: String) -> String? {
        if case .text(let text)? = self[name] { text } else { nil }
    }

    /// The number of the field `name`, `nil` when it has none.
    package func number(_ name: String) -> Int? {
        if case .number(let number)? = self[name] { number } else { nil }
    }

    /// The object at `name`, `nil` when the result has none.
    package func object(_ name: String) -> ListedObject? {
        if case .object(let object)? = self[name] { object } else { nil }
    }

    /// The elements of the array at `name`, `nil` when the result has none.
    package func elements(_ name: String) -> [ListedObject]? {
        if case .array(let elements)? = self[name] { elements } else { nil }
    }

    /// The path of a field of this object, without indices: `offers.phases` and `headline`
    /// make `offers.phases.headline`.
    package func path(of name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }

    /// The fields in the order of `order` (paths without indices, each with its rank); the
    /// fields it does not name come after, in the list's order.
    package func fields(orderedBy order: [String: Int]) -> [ListedField] {
        fields.enumerated().sorted { first, second in
            let ranks = (order[path(of: first.element.name)] ?? Int.max, order[path(of: second.element.name)] ?? Int.max)
            return ranks.0 != ranks.1 ? ranks.0 < ranks.1 : first.offset < second.offset
        }.map(\.element)
    }

    /// The maps of the list, keyed by data rather than by field names: `copy` by message key;
    /// `spoken`, `parts` and `fieldLanguages` by field path. A table of labels names a map,
    /// not its keys.
    package static let maps: Set<String> = ["copy", "spoken", "parts", "fieldLanguages"]

    /// The path (without indices) of every field in this object and the objects in it, each
    /// once, in the list's order; the keys of maps (``maps``) aside. Of a full result, every
    /// path a table of labels must name.
    package var paths: [String] {
        var paths: [String] = []
        func add(_ object: ListedObject) {
            for field in object.fields {
                let path = object.path(of: field.name)
                if !paths.contains(path) { paths.append(path) }
                guard !ListedObject.maps.contains(field.name) else { continue }
                switch field.value {
                case .object(let nested?): add(nested)
                case .array(let elements?): elements.forEach(add)
                default: break
                }
            }
        }
        add(self)
        return paths
    }

    /// Builds the tree as the list visits it.
    private struct Builder: ResultFieldVisitor {
        var object: ListedObject

        mutating func text(_ key: String, _ value: String?) {
            object.fields.append(ListedField(name: key, value: .text(value)))
        }

        mutating func number(_ key: String, _ value: Int?) {
            object.fields.append(ListedField(name: key, value: .number(value)))
        }

        mutating func runs(_ key: String, _ value: [TextRun]) {
            object.fields.append(ListedField(name: key, value: .runs(value)))
        }

        mutating func object(_ key: String, present: Bool, _ members: (inout Builder) -> Void) {
            guard present else { return object.fields.append(ListedField(name: key, value: .object(nil))) }
            var nested = Builder(object: ListedObject(path: object.path(of: key)))
            members(&nested)
            object.fields.append(ListedField(name: key, value: .object(nested.object)))
        }

        mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout Builder, Int) -> Void) {
            guard present else { return object.fields.append(ListedField(name: key, value: .array(nil))) }
            let path = object.path(of: key)
            let elements = (0..<count).map { index in
                var nested = Builder(object: ListedObject(path: path))
                element(&nested, index)
                return nested.object
            }
            object.fields.append(ListedField(name: key, value: .array(elements)))
        }
    }
}

/// One field of a ``ListedObject``: its JSON name and value.
package struct ListedField: Hashable, Sendable {
    /// The JSON name: `recurringPrice`.
    package let name: String
    /// What the result holds.
    package let value: ListedValue
}

/// The value of a field of the list; `nil` where the result has none.
package enum ListedValue: Hashable, Sendable {
    /// A text or a keyword.
    case text(String?)
    /// A number: `savings.percent`.
    case number(Int?)
    /// A field's text as runs (an entry of `parts`).
    case runs([TextRun])
    /// An object.
    case object(ListedObject?)
    /// An array of objects.
    case array([ListedObject]?)
}

/// Where a field is, for a label read from the fields beside it.
package struct ListedPlace: Sendable {
    /// The object the field is in.
    package let object: ListedObject
    /// The index of that object in its array (`offers[1]` → 1), `nil` outside arrays.
    package let index: Int?
    /// The product the field belongs to.
    package let product: ListedObject

    /// The place of a field in `object`, the element at `index` of its array, of `product`.
    package init(object: ListedObject, index: Int?, product: ListedObject) {
        self.object = object
        self.index = index
        self.product = product
    }
}

/// A place's table of labels (the text table's, a snapshot file's): each field of the list by
/// its JSON path without indices, in the order the place writes them.
package struct FieldLabels<Label: Sendable>: Sendable {
    /// The paths named, in the place's order.
    package let paths: [String]
    private let labels: [String: Label]
    private let ranks: [String: Int]

    /// The table of `entries`, in the place's order.
    package init(_ entries: [(path: String, label: Label)]) {
        paths = entries.map(\.path)
        labels = Dictionary(entries.map { ($0.path, $0.label) }, uniquingKeysWith: { first, _ in first })
        ranks = Dictionary(entries.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The label of the field at `path`, `nil` when the table has none.
    package subscript(_ path: String) -> Label? {
        labels[path]
    }

    /// The fields of `object` in the place's order; those the table does not name after them.
    package func fields(of object: ListedObject) -> [ListedField] {
        object.fields(orderedBy: ranks)
    }
}
