/// What a commitment's sentences receive: `commitment.headline`, `commitment.summary` and
/// the three `commitment.terms.*`.
struct CommitmentArguments: MessageArguments {
    /// The price of one payment (`€4.99`).
    var price: Text
    /// That price with its billing period, built by `recurringPrice` (`€4.99/month`).
    var recurringPrice: Text
    /// The billing period, the time between two payments (`1 month`).
    var period: Text
    /// The billing period's number of units.
    var count: Int
    /// The billing period's unit name (`day`, `week`, `month`, `year`).
    var unit: String
    /// How many payments the subscriber commits to (12).
    var payments: Int
    /// The whole commitment, in the billing period's unit (`12 months`).
    var duration: Text
    /// The number of units of ``duration``: ``count`` × ``payments``.
    var durationCount: Int
    /// What the payments come to (`€59.88`).
    var total: Text
    /// The payments of the commitment that follows (`commitment.terms.newCommitment`);
    /// ``payments`` for the other messages.
    var renewalPayments: Int

    static var sample: CommitmentArguments {
        .init(price: "€24.99", recurringPrice: "€24.99 every 2 months", period: "2 months", count: 2, unit: "month", payments: 6,
              duration: "12 months", durationCount: 12, total: "€149.94", renewalPayments: 3)
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.amount("price", price)
        visitor.pricedText("recurringPrice", recurringPrice)
        visitor.text("period", period)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
        visitor.number("payments", payments)
        visitor.text("duration", duration)
        visitor.number("durationCount", durationCount)
        visitor.amount("total", total)
        visitor.number("renewalPayments", renewalPayments)
    }
}

/// A commitment plan's name: `commitment.planName`.
struct CommitmentNameArguments: MessageArguments {
    /// The name of a plain plan of the same billing period, from `planName` (`Monthly`).
    var planName: Text
    /// The billing period (`1 month`).
    var period: Text
    /// The billing period's number of units.
    var count: Int
    /// The billing period's unit name.
    var unit: String
    /// How many payments the subscriber commits to.
    var payments: Int
    /// The whole commitment, in the billing period's unit (`12 months`).
    var duration: Text
    /// The number of units of ``duration``.
    var durationCount: Int

    static var sample: CommitmentNameArguments {
        .init(planName: "Every 2 months", period: "2 months", count: 2, unit: "month", payments: 6, duration: "12 months", durationCount: 12)
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.text("planName", planName)
        visitor.text("period", period)
        visitor.number("count", count)
        visitor.keyword("unit", unit)
        visitor.number("payments", payments)
        visitor.text("duration", duration)
        visitor.number("durationCount", durationCount)
    }
}

/// What canceling a commitment does: `disclosure.cancelWindow.commitment`.
struct CommitmentCancelArguments: MessageArguments {
    /// How many payments the subscriber commits to (12).
    var payments: Int
    /// The whole commitment, in the billing period's unit (`12 months`).
    var duration: Text
    /// The number of units of ``duration``.
    var durationCount: Int
    /// The unit name of ``duration`` (`day`, `week`, `month`, `year`).
    var unit: String
    /// What follows the commitment: `regularPrice` (the plan goes on without one),
    /// `newCommitment` (a new commitment begins) or `ends` (nothing renews).
    var renewal: String

    static var sample: CommitmentCancelArguments {
        .init(payments: 6, duration: "12 months", durationCount: 12, unit: "month", renewal: "newCommitment")
    }

    func visit<Visitor: MessageArgumentVisitor>(_ visitor: inout Visitor) {
        visitor.number("payments", payments)
        visitor.text("duration", duration)
        visitor.number("durationCount", durationCount)
        visitor.keyword("unit", unit)
        visitor.keyword("renewal", renewal)
    }
}
