package import PaywallText

extension JSONValue {
    /// A product's billing plan in an entry, its members in this order: `type`,
    /// `numberOfPayments`, `duration`, `total`, `totalAmount`, `renewal` and `renewalPayments`
    /// (a commitment's: `regularPrice`, `newCommitment` with the payments of the next one, or
    /// `ends`), `headline`, `summary`:
    ///
    /// ```json
    /// {"type": "commitment", "numberOfPayments": 12, "duration": "12 months", "total": "€59.88",
    ///  "totalAmount": "59.88", "renewal": "newCommitment", "renewalPayments": 12,
    ///  "headline": "€4.99/month for 12 months", "summary": "12 monthly payments of €4.99 (€59.88 in total)"}
    /// ```
    package static func billingPlan(_ plan: RenderedBillingPlan) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("type", .string(plan.type.rawValue)),
            ("numberOfPayments", .int(plan.numberOfPayments)),
            ("duration", .string(plan.duration)),
            ("total", .string(plan.total)),
            ("totalAmount", .string(plan.totalAmount)),
        ]
        if let renewal = plan.renewal {
            fields.append(("renewal", .string(renewal.name.rawValue)))
            if case .newCommitment(let payments) = renewal { fields.append(("renewalPayments", .int(payments))) }
        }
        fields.append(("headline", .string(plan.headline)))
        fields.append(("summary", .string(plan.summary)))
        // A commitment's end date (`endsOn`, {"iso", "text"}) goes here when dates are rendered.
        return .object(fields)
    }
}
