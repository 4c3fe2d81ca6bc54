/// Which messages have a spoken form of their own.
///
/// A message is said as it is written, with its arguments' spoken forms (`Free for 1 week,
/// then 9.99 US dollars per month`), unless the catalogs have a `spoken.` key for it: a
/// message whose own words are not said as written (`$9.99/month`: a slash; `$9.99/mo`: an
/// abbreviation). The spoken key takes the message's arguments, so its signature is the
/// message's (a test checks it for every key).
extension MessageKey {
    /// The prefix of the keys of spoken forms.
    static let spokenPrefix = "spoken."

    /// The key of this message's spoken form (`spoken.recurringPrice`), `nil` when the message
    /// is said as it is written.
    var spokenKey: MessageKey? { MessageKey.spokenKeys[index] }

    /// For a spoken key, the message it is said for (`recurringPrice`).
    var writtenKey: MessageKey? {
        guard rawValue.hasPrefix(MessageKey.spokenPrefix) else { return nil }
        return MessageKey(rawValue: String(rawValue.dropFirst(MessageKey.spokenPrefix.count)))
    }

    private static let spokenKeys = allCases.map { MessageKey(rawValue: spokenPrefix + $0.rawValue) }
}
