import Foundation
@testable import PaywallText
@testable import PaywallTextGoldens
@testable import PaywallTextJSON
import Testing

/// The one list of a result's fields (`RenderedProduct.visitFields`): every stored property
/// of every result type is in it, and the server's OpenAPI schema names exactly its fields,
/// in its order. A property added to a result without a line in the list fails here.
@Suite("The list of a result's fields")
struct ResultFieldsTests {
    /// Every name the list visits, by the path of the object it is in (`offers[].phases[]`),
    /// in order, whether the result holds the field or not.
    private struct NameRecorder: ResultFieldVisitor {
        var path: [String] = []
        var names: [String: [String]] = [:]

        private mutating func record(_ key: String) {
            let object = path.joined(separator: ".")
            if !names[object, default: []].contains(key) { names[object, default: []].append(key) }
        }

        mutating func text(_ key: String, _ value: String?) { record(key) }
        mutating func number(_ key: String, _ value: Int?) { record(key) }
        mutating func runs(_ key: String, _ value: [TextRun]) { record(key) }

        mutating func object(_ key: String, present: Bool, _ members: (inout NameRecorder) -> Void) {
            record(key)
            guard present else { return }
            path.append(key)
            members(&self)
            path.removeLast()
        }

        mutating func array(_ key: String, present: Bool, count: Int, _ element: (inout NameRecorder, Int) -> Void) {
            record(key)
            guard present else { return }
            path.append(key + "[]")
            for index in 0..<count { element(&self, index) }
            path.removeLast()
        }
    }

    /// A result with every optional field filled in, each nested value once: the library's
    /// own, from which ``FieldSelection/validPaths`` is listed too.
    private static let full = RenderedProduct.withEveryField

    private static var names: [String: [String]] {
        var recorder = NameRecorder()
        full.visitFields(&recorder)
        return recorder.names
    }

    /// Properties whose JSON names differ from their Swift names, or that are no field.
    private static let renamed: [String: [String]] = [
        "RenderedProduct.language": ["lang", "dir"],
        "Disclosure.language": ["lang", "dir"],
        "RenderedProduct.copyWarnings": [],  // written with the entry's warnings
        "RenderedProduct.selection": [],     // which fields the list visits, not a field
        "RenderedBillingPlan.renewal": ["renewal", "renewalPayments"],
    ]

    /// The result types whose properties are fields of their own; other values (texts,
    /// numbers, keywords, field maps, copy dictionaries) are leaves.
    private static let resultTypes: Set<String> = [
        "RenderedProduct", "RenderedOffer", "RenderedPhase", "PricePer", "UnitPrice", "PercentText",
        "RenderedBillingPlan", "ProductDates", "OfferDates", "RenderedDate", "Disclosure",
    ]

    /// Every stored property of every result type, found by reflection on a full result,
    /// is visited by the list under its JSON name, in the object it belongs to.
    @Test func everyPropertyOfAResultIsInTheList() {
        let names = Self.names
        var missing: [String] = []
        func walk(_ value: Any, at path: String) {
            let mirror = Mirror(reflecting: value)
            let type = String(describing: mirror.subjectType)
            for child in mirror.children {
                guard let label = child.label else { continue }
                let jsonNames = Self.renamed["\(type).\(label)"] ?? [label]
                for name in jsonNames where !(names[path] ?? []).contains(name) {
                    missing.append("\(type).\(label) (as \(name), in \"\(path)\")")
                }
                if jsonNames.isEmpty { continue }
                var nested: Any = child.value
                let childMirror = Mirror(reflecting: nested)
                if childMirror.displayStyle == .optional {
                    guard let some = childMirror.children.first else {
                        missing.append("\(type).\(label) is nil in the full result: fill it in")
                        continue
                    }
                    nested = some.value
                }
                let nestedMirror = Mirror(reflecting: nested)
                let prefix = path.isEmpty ? "" : path + "."
                if nestedMirror.displayStyle == .collection {
                    for element in nestedMirror.children where Self.resultTypes.contains(String(describing: Swift.type(of: element.value))) {
                        walk(element.value, at: prefix + label + "[]")
                    }
                } else if Self.resultTypes.contains(String(describing: Swift.type(of: nested))) {
                    walk(nested, at: prefix + label)
                }
            }
        }
        walk(Self.full, at: "")
        #expect(missing.isEmpty, "properties of a result that RenderedProduct.visitFields does not list: \(missing)")
        // The walk reached every kind of object the list has.
        #expect(Set(names.keys).isSuperset(of: ["", "offers[]", "offers[].phases[]", "pricePer", "pricePer.day", "savings",
                                                 "billingPlan", "billingPlan.endsOn", "dates", "dates.firstChargeOn", "disclosures[]"]))
    }

    /// The server's OpenAPI schema of a rendered product names each object's fields exactly as
    /// the list does, in the same order (the entry's own members aside): the schema is walked
    /// from `RenderedProduct` through every object and array the list has (`$ref`s followed,
    /// maps keyed by data left out), and each name missing on either side is named.
    @Test func theOpenAPISchemaNamesTheListsFields() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Server/Sources/PaywallTextServer/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        // The JSON object's key order, which JSONSerialization does not keep, from the file's text.
        let text = try String(contentsOf: url, encoding: .utf8)
        let entryMembers: Set<String> = ["index", "territory", "packages", "errors", "warnings", "asOf"]
        let names = Self.names
        var walked: [String] = []

        /// The schema itself, the one a `$ref` names, or an array's items; with its name when it has one.
        func resolve(_ schema: [String: Any], _ name: String?) throws -> (schema: [String: Any], name: String?) {
            if let items = schema["items"] as? [String: Any] { return try resolve(items, name) }
            guard let reference = schema["$ref"] as? String else { return (schema, name) }
            let named = String(try #require(reference.split(separator: "/").last))
            return (try #require(schemas[named] as? [String: Any], "no schema \(named)"), named)
        }

        /// Compares the object at `path` of the list with `schema`, whose text starts at `start`, then its objects in turn.
        func walk(_ schema: [String: Any], named: String, at path: String, from start: String.Index) throws {
            walked.append(path)
            let place = "\(named) in openapi.json (the list's \"\(path)\")"
            let properties = try #require(schema["properties"] as? [String: Any], "\(place) has no properties")
            let listed = names[path] ?? []
            let documented = Set(properties.keys).subtracting(path.isEmpty ? entryMembers : [])
            for name in listed where !documented.contains(name) {
                Issue.record("\(name) is a field of the list that \(place) lacks")
            }
            for name in documented.sorted() where !listed.contains(name) {
                Issue.record("\(name) is in \(place) but no field of the list")
            }
            let body = text[(text[start...].range(of: "\"properties\": {")?.upperBound ?? start)...]
            func offset(_ name: String) -> String.Index { body.range(of: "\"\(name)\": {")?.lowerBound ?? body.endIndex }
            if Set(listed) == documented {
                #expect(documented.sorted { offset($0) < offset($1) } == listed, "the order of \(place)")
            }
            for name in listed where !ListedObject.maps.contains(name) && properties[name] != nil {
                let child = (path.isEmpty ? "" : path + ".") + name
                let nested = names[child + "[]"] != nil ? child + "[]" : child
                guard names[nested] != nil else { continue }
                let (resolved, schemaName) = try resolve(try #require(properties[name] as? [String: Any]), nil)
                let from = schemaName.flatMap { text.range(of: "\"\($0)\": {")?.lowerBound } ?? offset(name)
                try walk(resolved, named: schemaName ?? "\(named).\(name)", at: nested, from: from)
            }
        }
        let product = try #require(text.range(of: "\"RenderedProduct\": {"), "no RenderedProduct in the text")
        try walk(try #require(schemas["RenderedProduct"] as? [String: Any]), named: "RenderedProduct", at: "", from: product.lowerBound)
        // Every object of the list was compared, but the maps' entries.
        #expect(Set(walked).isSuperset(of: ["", "offers[]", "offers[].phases[]", "pricePer", "pricePer.day", "savings", "offers[].discount",
                                            "billingPlan", "billingPlan.endsOn", "dates", "dates.firstChargeOn", "offers[].dates.endsOn",
                                            "disclosures[]", "offers[].disclosures[]", "offers[].phases[].pricePer.year"]))
    }

    /// A field the list visits is in the JSON the tool and the server write, under its name.
    @Test func theJSONWriterWritesEveryFieldOfTheList() throws {
        let product = try CheckedProduct(Product(productIdentifier: "p", price: 9.99, currencyCode: "USD", subscriptionPeriod: .months(1)))
        let item = ImportedProduct(source: ProductSource(format: .storeKit1, store: nil, path: "[0]"), result: .success(product))
        let entry = RenderEntry(position: 1, locale: "en-US", item: item, outcome: .success(Self.full))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(entry.jsonText().utf8)) as? [String: Any])
        for name in Self.names[""] ?? [] {
            #expect(json[name] != nil, "\(name) is not in the entry's JSON")
        }
        let offer = try #require((json["offers"] as? [[String: Any]])?.first)
        for name in Self.names["offers[]"] ?? [] {
            #expect(offer[name] != nil, "offers[0].\(name) is not in the entry's JSON")
        }
    }
}
