/// Reads an annotated render's result (``AnnotatedText``) into the spoken texts, runs and
/// languages of the plain result's fields.
///
/// A render that asks for them renders each product twice with the same context: once as
/// always (the result the caller gets, whose texts are those of a render without
/// ``RenderOptions/include``), and once annotated. The annotated result has the same shape,
/// each text field holding its annotated value; this reader walks it by reflection, so that
/// every text field of a result has its spoken form and runs, under its JSON path, without
/// a list of fields to keep up: a field that a result gains is read as soon as it is
/// rendered from pieces and messages. (Strings that hold no mark — the locale, identifiers,
/// ASCII amounts — are not the renderer's text and get nothing.)
///
/// The annotated render's figures, choices and template outputs are the plain render's, so
/// each field's annotated display without its marks is the plain field's text; the tests
/// check it for every field of every golden case in every catalog.
enum AnnotationReader {
    /// What one object of a result (the product, an offer, a phase) gets.
    struct Annotations {
        var spoken = FieldMap<String>()
        var parts = FieldMap<[TextRun]>()
        var languages = FieldMap<TextLanguage>()
        /// The objects in an array field (`offers`, `phases`), by the field's path.
        var children: [String: [Annotations]] = [:]
    }

    /// The fields of an object (a product, an offer or a phase) where results keep what this
    /// reader finds, not read themselves.
    private static let ownFields: Set<String> = ["language", "spoken", "parts", "fieldLanguages"]

    /// Reads an annotated object and the objects in it.
    static func read(_ object: some AnnotatedObject, include: RenderOptions.Include, language: TextLanguage) -> Annotations {
        var reader = Reader(include: include, language: language)
        return reader.object(object)
    }

    private struct Reader {
        let include: RenderOptions.Include
        let language: TextLanguage

        mutating func object(_ value: Any) -> Annotations {
            var annotations = Annotations()
            for child in Mirror(reflecting: value).children {
                guard let label = child.label, !AnnotationReader.ownFields.contains(label) else { continue }
                walk(child.value, path: label, into: &annotations)
            }
            return annotations
        }

        mutating func walk(_ value: Any, path: String, into annotations: inout Annotations) {
            if let text = value as? String {
                record(text, path: path, into: &annotations)
                return
            }
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional:
                if let some = mirror.children.first { walk(some.value, path: path, into: &annotations) }
            case .collection, .set:
                for (index, child) in mirror.children.enumerated() {
                    if child.value is any AnnotatedObject {
                        annotations.children[path, default: []].append(object(child.value))
                    } else {
                        walk(child.value, path: "\(path)[\(index)]", into: &annotations)
                    }
                }
            case .dictionary:
                // Keyed values (`copy.welcome`), in the order of their keys.
                let pairs = mirror.children.compactMap { child -> (key: String, value: Any)? in
                    let pair = Array(Mirror(reflecting: child.value).children)
                    return pair.count == 2 ? ("\(pair[0].value)", pair[1].value) : nil
                }
                for pair in pairs.sorted(by: { $0.key < $1.key }) {
                    walk(pair.value, path: "\(path).\(pair.key)", into: &annotations)
                }
            case .struct, .class, .tuple, .enum:
                for child in mirror.children {
                    guard let label = child.label else { continue }
                    walk(child.value, path: "\(path).\(label)", into: &annotations)
                }
            default:
                break
            }
        }

        func record(_ text: String, path: String, into annotations: inout Annotations) {
            guard AnnotatedText.isAnnotated(text) else { return }
            let reading = AnnotatedText.read(text)
            if include.contains(.spoken), reading.spoken != reading.text {
                annotations.spoken.append(reading.spoken, for: path)
            }
            if include.contains(.parts) {
                annotations.parts.append(reading.runs, for: path)
            }
            if let tag = reading.language, tag != language.tag {
                annotations.languages.append(TextLanguage(
                    tag: tag, direction: ICU.Locale.isRightToLeft(tag.replacingHyphens) ? .rightToLeft : .leftToRight), for: path)
            }
        }
    }
}

/// A result object that keeps its fields' spoken texts, runs and languages: a product, an
/// offer, a phase. An array of them is read as objects of their own (each offer's fields
/// in the offer's maps), not as paths of the object that holds it.
protocol AnnotatedObject {
    /// Takes what ``AnnotationReader`` read from the same object of the annotated result.
    mutating func take(_ annotations: AnnotationReader.Annotations)
}

extension RenderedProduct: AnnotatedObject {
    mutating func take(_ annotations: AnnotationReader.Annotations) {
        spoken = annotations.spoken
        parts = annotations.parts
        fieldLanguages = annotations.languages
        for (index, offer) in (annotations.children["offers"] ?? []).enumerated() where offers.indices.contains(index) {
            offers[index].take(offer)
        }
    }

    /// Takes the spoken texts, runs and languages of the same product rendered annotated.
    mutating func takeAnnotations(of annotated: RenderedProduct, include: RenderOptions.Include, language: TextLanguage) {
        self.language = language
        take(AnnotationReader.read(annotated, include: include, language: language))
    }
}

extension RenderedOffer: AnnotatedObject {
    mutating func take(_ annotations: AnnotationReader.Annotations) {
        spoken = annotations.spoken
        parts = annotations.parts
        fieldLanguages = annotations.languages
        for (index, phase) in (annotations.children["phases"] ?? []).enumerated() where phases.indices.contains(index) {
            phases[index].take(phase)
        }
    }
}

extension RenderedPhase: AnnotatedObject {
    mutating func take(_ annotations: AnnotationReader.Annotations) {
        spoken = annotations.spoken
        parts = annotations.parts
        fieldLanguages = annotations.languages
    }
}

extension RenderOptions.Include {
    /// Whether a render annotates its texts: for spoken forms, runs, or both.
    var annotates: Bool { contains(.spoken) || contains(.parts) }
}

private extension String {
    /// `pt_PT` for `pt-PT`, as ICU's locale functions take it.
    var replacingHyphens: String { String(map { $0 == "-" ? "_" : $0 }) }
}

/// One field of a result with what was asked for of it, named by its path from the product
/// (`offers[0].summary`): for the outputs that list every field (HTML fragments, the text
/// table, snapshot and golden files).
package struct AnnotatedField: Sendable {
    package let path: String
    /// Its spoken form, where it differs from the text.
    package let spoken: String?
    /// Its runs.
    package let runs: [TextRun]?
    /// Its language: the result's, or its own.
    package let language: TextLanguage?
}

extension RenderedProduct {
    /// Every field with a spoken form or runs: the product's, then each offer's and its
    /// phases', each object's in field order.
    package var annotatedFields: [AnnotatedField] {
        var fields: [AnnotatedField] = []
        func add(_ spoken: FieldMap<String>, _ parts: FieldMap<[TextRun]>, _ languages: FieldMap<TextLanguage>, prefix: String) {
            var paths = parts.fields
            paths += spoken.fields.filter { parts[$0] == nil }
            for path in paths {
                fields.append(AnnotatedField(path: prefix + path, spoken: spoken[path], runs: parts[path],
                                             language: languages[path] ?? language))
            }
        }
        add(spoken, parts, fieldLanguages, prefix: "")
        for (index, offer) in offers.enumerated() {
            add(offer.spoken, offer.parts, offer.fieldLanguages, prefix: "offers[\(index)].")
            for (number, phase) in offer.phases.enumerated() {
                add(phase.spoken, phase.parts, phase.fieldLanguages, prefix: "offers[\(index)].phases[\(number)].")
            }
        }
        return fields
    }
}

extension AnnotatedField {
    /// Runs as people read them in a table or a golden file: each run with a role in brackets
    /// followed by its role, literal text as it is: `Free for [1 week](duration), then
    /// [$9.99](regularPrice)/month`.
    package static func outline(_ runs: [TextRun]) -> String {
        runs.map { run in run.role.map { "[\(run.text)](\($0.rawValue))" } ?? run.text }.joined()
    }
}
