/// `revenuecat`: RevenueCat's `Offerings` object, as the hybrid SDKs' `getOfferings()` returns it:
///
/// ```json
/// {"all": {"default": {"identifier": "default",
///                      "availablePackages": [{"identifier": "$rc_annual", "offeringIdentifier": "default",
///                                             "product": {"identifier": "pro.annual", …}}],
///                      "annual": {"identifier": "$rc_annual", …, "product": {…}}}},
///  "current": {"identifier": "default", …}}
/// ```
///
/// The same product appears many times: in each package that offers it, in the offering's
/// shortcut for its package type (`annual`, `monthly`, …) and again under `current`. Each
/// product is read once, at its first place (offerings in order, then `current`), and
/// ``ProductSource/packages`` lists every package that reaches it, as
/// `{"offering": "default", "package": "$rc_annual"}`: the package's `offeringIdentifier`,
/// else its offering's `identifier`, else the offering's key in `all`. A later copy that
/// differs from the first as a JSON value (other than in the offering it was presented in,
/// `presentedOfferingIdentifier` and `presentedOfferingContext`; its keys may come in another
/// order, as iOS bridges write them) is reported as not read. A
/// package without `identifier` or `product`, or an element of `availablePackages` that is no
/// package, is a problem of the document, with its path; so is a member of the object, of an
/// offering or of a package that RevenueCat does not write (a warning, with RevenueCat's
/// spelling when close), and an object whose offerings hold no package (a warning that says
/// what would make a product).
enum RevenueCatOfferings {
    /// Whether a document is an `Offerings` object rather than a product: it has `all`.
    static func isOfferings(_ node: JSONNode) -> Bool {
        guard case .object = node else { return false }
        return node["all"] != nil
    }

    /// A product found in the packages: the first copy, read, and where it is offered.
    private struct Found {
        let identifier: String?
        let product: JSONField
        var packages: [ProductPackage]
        /// Later copies that differ from the first.
        var differing: [JSONField] = []
    }

    static func read(_ root: JSONField) throws(PaywallTextError) -> Reading {
        let all = try root.required("all", "an object of offerings by identifier")
        guard case .object(let members) = all.value else {
            throw all.invalid("must be an object of offerings by identifier, got \(all.value.kindDescription)")
        }
        var offerings = members.map { (key: Optional($0.key), field: JSONField($0.value, path: all.path(of: $0.key))) }
        if let current = try root.optional("current") { offerings.append((key: nil, field: current)) }

        var found: [Found] = []
        var problems = UnknownMembers.problems(of: root, index: 1, known: ["all", "current"],
                                               what: "a RevenueCat Offerings object", writer: "RevenueCat")
        for (key, offering) in offerings {
            // `current` repeats one offering of `all`, and an offering's shortcuts repeat its packages:
            // each object's members are checked once.
            if key == nil, let id = offering.value["identifier"]?.text, members.contains(where: { $0.key == id }) { continue }
            problems += memberProblems(of: offering)
        }
        for (key, offering) in offerings {
            for package in packages(of: offering, problems: &problems) {
                guard let id = package.value["identifier"]?.text, let product = package.value["product"], case .object = product else {
                    problems.append(problem(package.path, "is not a package with an identifier and a product: nothing here can be read"))
                    continue
                }
                let offeringId = package.value["offeringIdentifier"]?.text ?? offering.value["identifier"]?.text ?? key ?? ""
                let reached = ProductPackage(offering: offeringId, package: id)
                let copy = JSONField(product, path: package.path(of: "product"))
                let productId = product["identifier"]?.text
                guard let index = found.firstIndex(where: { $0.identifier != nil && $0.identifier == productId }) else {
                    found.append(Found(identifier: productId, product: copy, packages: [reached]))
                    continue
                }
                if !found[index].packages.contains(reached) { found[index].packages.append(reached) }
                if !withoutPresentation(found[index].product.value).isSameValue(as: withoutPresentation(product)) {
                    found[index].differing.append(copy)
                }
            }
        }
        if found.isEmpty, !problems.contains(where: { $0.severity == .error }) {
            // No package holds a product: say what the object holds and what would make one.
            let names = members.map { quoted($0.key) }
            let holds = names.isEmpty ? "no offering (all is empty)"
                : "the offering\(names.count == 1 ? "" : "s") \(JSONField.list(names).replacing(" or ", with: " and ")) with no package"
            problems.append(DocumentProblem(index: 1, path: root.path, severity: .warning, error: PaywallTextError(.unused, path: root.path,
                message: "holds \(holds), so no product: add packages to an offering in the RevenueCat dashboard, "
                    + "or send the products themselves (getProducts)")))
        }
        let items = found.map { found in
            var item = RevenueCatReader.item(found.product, packages: found.packages)
            item.warnings += found.differing.map {
                ProductWarning(path: $0.path, message:
                    "is not read: this copy of the product differs from the one at \(found.product.path), which is read")
            }
            return item
        }
        return Reading(items: items, problems: problems)
    }

    /// The members of an `Offering` as RevenueCat's SDKs write it: its packages and their
    /// shortcuts by package type.
    private static let offeringMembers: Set<String> = [
        "identifier", "serverDescription", "metadata", "availablePackages", "webCheckoutUrl",
        "lifetime", "annual", "sixMonth", "threeMonth", "twoMonth", "monthly", "weekly",
    ]

    /// The members of a `Package`.
    private static let packageMembers: Set<String> = [
        "identifier", "packageType", "product", "offeringIdentifier", "presentedOfferingContext", "webCheckoutUrl",
    ]

    /// A warning for each member of an offering, and of each package of its `availablePackages`,
    /// that RevenueCat does not write there (a package list under `availablePackage` would
    /// leave the offering without products in silence), with the known spelling when one is
    /// close. A member that holds a `product` is read as a package, whatever its name.
    private static func memberProblems(of offering: JSONField) -> [DocumentProblem] {
        guard case .object(let members) = offering.value else { return [] }
        let known = offeringMembers.union(members.filter { $0.value["product"] != nil }.map(\.key))
        var problems = UnknownMembers.problems(of: offering, index: 1, known: known, what: "a RevenueCat offering", writer: "RevenueCat")
        if case .array(let packages)? = offering.value["availablePackages"] {
            for (index, package) in packages.enumerated() {
                problems += UnknownMembers.problems(of: JSONField(package, path: offering.path(of: "availablePackages") + "[\(index)]"),
                                                    index: 1, known: packageMembers, what: "a RevenueCat package", writer: "RevenueCat")
            }
        }
        return problems
    }

    /// An offering's packages: the elements of `availablePackages`, then its shortcuts (every
    /// other member that holds a `product`: `annual`, `monthly`, …), in document order.
    private static func packages(of offering: JSONField, problems: inout [DocumentProblem]) -> [JSONField] {
        guard case .object(let members) = offering.value else {
            problems.append(problem(offering.path, "must be an offering (an object with availablePackages), got \(offering.value.kindDescription)"))
            return []
        }
        var packages: [JSONField] = []
        switch offering.value["availablePackages"] {
        case .array(let elements)?:
            packages = elements.enumerated().map { JSONField($1, path: offering.path(of: "availablePackages") + "[\($0)]") }
        case nil, .null?:
            break
        case let other?:
            problems.append(problem(offering.path(of: "availablePackages"), "must be an array of packages, got \(other.kindDescription)"))
        }
        for member in members where member.key != "availablePackages" && member.value["product"] != nil {
            packages.append(JSONField(member.value, path: offering.path(of: member.key)))
        }
        return packages
    }

    /// A problem of the `Offerings` document itself (which is one document: index 1).
    private static func problem(_ path: String, _ message: String) -> DocumentProblem {
        DocumentProblem(index: 1, path: path, severity: .error, error: PaywallTextError(.invalidValue, path: path, message: message))
    }

    /// The members that say in which offering a copy of a product was presented.
    private static let presentationKeys: Set<String> = ["presentedOfferingIdentifier", "presentedOfferingContext"]

    /// A product's JSON without the members that say where it was presented, at any depth
    /// (Android's subscription options carry them too), to compare copies of one product.
    private static func withoutPresentation(_ node: JSONNode) -> JSONNode {
        switch node {
        case .object(let members):
            .object(members.filter { !presentationKeys.contains($0.key) }.map { .init(key: $0.key, value: withoutPresentation($0.value)) })
        case .array(let elements):
            .array(elements.map(withoutPresentation))
        default:
            node
        }
    }
}
