@testable import PaywallText
@testable import PaywallTextGoldens
import Testing
@testable import paywall_text

/// Each place that shows a result's fields by label reads them from the one list
/// (`RenderedProduct.visitEveryField`) through a table keyed by JSON path, which names every
/// field of the list and none it does not have: a field added to the list without a label
/// fails here, naming the field and the place.
@Suite("Labels of a result's fields")
struct FieldLabelTests {
    /// Every path of the list, from the result with every field filled in that the list's own
    /// tests use (`ResultFieldsTests`), the keys of maps (copy, spoken, parts) aside.
    static let paths = ListedObject(RenderedProduct.withEveryField).paths

    /// Records an issue for each path of the list `labelled` lacks, and each it names that the
    /// list does not have.
    static func check(_ labelled: [String], place: String) {
        for path in paths where !labelled.contains(path) {
            Issue.record("\(path) has no label in \(place)")
        }
        for path in labelled where !paths.contains(path) {
            Issue.record("\(path) is labelled in \(place), but no field of the list has that path")
        }
        for path in Set(labelled) where labelled.count(where: { $0 == path }) > 1 {
            Issue.record("\(path) is labelled twice in \(place)")
        }
    }

    /// The walk reaches the nested objects of the list, arrays' elements included.
    @Test func thePathsOfTheListReachEveryObject() {
        for path in ["price", "pricePer.month.billed", "savings.amountHeadline", "billingPlan.endsOn.iso", "dates.renewsOn.text", "copy",
                     "offers.phases.pricePer.year.amount", "offers.discount.headline", "offers.disclosures.role", "disclosures.dir", "store"] {
            #expect(Self.paths.contains(path), "\(path)")
        }
        #expect(!Self.paths.contains("copy.title"), "the keys of a map are no fields of the list")
    }

    @Test func everyFieldHasALabelInSnapshotFiles() {
        Self.check(SnapshotFile.labels.paths, place: "snapshot files (SnapshotFile.labels, Sources/PaywallTextGoldens/SnapshotFields.swift)")
    }

    @Test func everyFieldHasALabelInTheTextTable() {
        Self.check(TableFields.labels.paths, place: "the text table (TableFields.labels, Sources/paywall-text/TableFields.swift)")
    }
}
