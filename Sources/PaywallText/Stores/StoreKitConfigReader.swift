/// `storekitconfig`: an Xcode StoreKit configuration file.
enum StoreKitConfigReader {
    static func read(_ root: JSONField, _ context: ReadingContext) throws(PaywallTextError) -> Reading {
        throw PaywallTextError(.unrecognizedFormat, message: "an Xcode StoreKit configuration file are not read yet")
    }
}
