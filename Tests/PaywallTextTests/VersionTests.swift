import Foundation
import PaywallText
import Testing

/// `paywall-text --version`, for a backend that checks what it installed.
@Suite("paywall-text --version")
struct VersionTests {
    @Test func versionNamesThePackageICUAndCLDR() throws {
        let result = try runTool(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "paywall-text \(PaywallRenderer.packageVersion)\nICU \(PaywallRenderer.icuVersion), CLDR \(PaywallRenderer.cldrVersion)\n")
        #expect(result.stderr.isEmpty)
    }
}
