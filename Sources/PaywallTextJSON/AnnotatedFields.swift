package import PaywallText

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
