package import PaywallText

extension JSONWriter {
    /// `"billingPlan"`: a product's billing plan in an entry, its members in this order: `type`,
    /// `numberOfPayments`, `duration`, `total`, `totalAmount`, `renewal` and `renewalPayments`
    /// (a commitment's: `regularPrice`, `newCommitment` with the payments of the next one, or
    /// `ends`), `headline`, `summary`, and with dates a commitment's `endsOn` (`{"iso", "text"}`)
    /// and `endsOnText`:
    ///
    /// ```json
    /// {"type": "commitment", "numberOfPayments": 12, "duration": "12 months", "total": "€59.88",
    ///  "totalAmount": "59.88", "renewal": "newCommitment", "renewalPayments": 12,
    ///  "headline": "€4.99/month for 12 months", "summary": "12 monthly payments of €4.99 (€59.88 in total)"}
    /// ```
    package mutating func billingPlan(_ plan: RenderedBillingPlan) {
        key("billingPlan")
        object { json in
            json.member("type", plan.type.rawValue)
            json.member("numberOfPayments", plan.numberOfPayments)
            json.member("duration", plan.duration)
            json.member("total", plan.total)
            json.member("totalAmount", plan.totalAmount)
            if let renewal = plan.renewal {
                json.member("renewal", renewal.name.rawValue)
                if case .newCommitment(let payments) = renewal { json.member("renewalPayments", payments) }
            }
            json.member("headline", plan.headline)
            json.member("summary", plan.summary)
            if let endsOn = plan.endsOn {
                json.key("endsOn")
                json.object { json in
                    json.member("iso", endsOn.iso)
                    json.member("text", endsOn.text)
                }
                json.member("endsOnText", plan.endsOnText)
            }
        }
    }
}
