import PaywallText

extension RenderEntry {
    /// The entry's text fields as HTML fragments, one per field with parts
    /// (``RenderOptions/Include/parts``), in the order of the JSON output:
    ///
    /// ```html
    /// <span class="paywall-text" data-index="1" data-locale="en-US" data-field="offers[0].summary" lang="en" dir="ltr">Free for <span class="duration">1 week</span>, then <span class="regularPrice">$9.99</span>/month</span>
    /// ```
    ///
    /// Each run with a role is a `<span>` whose class is the role (``TextRole``); literal text
    /// is text. Every fragment names its field (its JSON path from the entry), its language and
    /// direction (the field's own, for a field in another language than the result's). Text and
    /// attributes are escaped; the invisible characters of right-to-left text (isolates, marks)
    /// are kept, and they work across the runs' elements, since the fragment is one inline
    /// paragraph: keep the runs inline when styling them.
    ///
    /// - Returns: No fragment for an entry that failed, or without parts.
    public func htmlFragments() -> [String] {
        guard case .success(let text) = outcome else { return [] }
        return text.annotatedFields.compactMap { field in
            guard let runs = field.runs, let language = field.language else { return nil }
            return fragment(runs, field: field.path, language: language)
        }
    }

    private func fragment(_ runs: [TextRun], field: String, language: TextLanguage) -> String {
        var attributes = [("class", "paywall-text"), ("data-index", String(position)), ("data-locale", locale)]
        if let id = productIdentifier { attributes.append(("data-product", id)) }
        attributes += [("data-field", field), ("lang", language.tag), ("dir", language.direction.rawValue)]
        var html = "<span"
        for (name, value) in attributes { html += " \(name)=\"\(HTML.escape(value))\"" }
        html += ">"
        for run in runs {
            if let role = run.role {
                html += "<span class=\"\(role.rawValue)\">\(HTML.escape(run.text))</span>"
            } else {
                html += HTML.escape(run.text)
            }
        }
        return html + "</span>"
    }
}

/// HTML's escaping, for an element's content or a quoted attribute value: `&`, `<`, `>`, `"`
/// and `'` as entities, by Unicode scalar (so that `"` followed by a combining mark is still
/// escaped); everything else as it is.
package enum HTML {
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
