public import Foundation  // Data
public import PaywallText
public import PaywallTextJSON

/// A render request answered, as `POST /v1/render` sends it: the JSON array of every item in
/// every locale, the locales it was rendered in, and how many entries it holds and how many
/// of them are errors.
public struct Answer: Sendable {
    /// The JSON array's bytes.
    public let json: [UInt8]
    /// The locales rendered: the request's `locales` as spelled, or the one negotiated from
    /// `Accept-Language`.
    public let locales: [String]
    /// The number of entries: one per item and locale.
    public let count: Int
    /// The number of entries that are errors.
    public let failures: Int

    /// Answers a request body, in three stages:
    /// 1. the whole answer to a body seen before is found in `cache` by its bytes, `limits`,
    ///    `acceptLanguage` (`nil` when the request has no such header) and the renderer's
    ///    ``PaywallRenderer/contentVersion``, which is everything its bytes depend on;
    /// 2. otherwise the body is read into checked products (``RenderRequest/decode(_:limits:)``,
    ///    PaywallTextJSON) and each item rendered in each locale of the request, or in the
    ///    one `acceptLanguage` negotiates among the catalogs when it names none, the task
    ///    yielding between locales (``RenderEntry/encoded(_:locales:renderer:)``);
    /// 3. the array is written and offered to the cache, which keeps it if it has seen the
    ///    body before (``AnswerCache``). An answer whose reading depends on the current time
    ///    (``RenderRequest/readAtCurrentTime``) is not offered.
    ///
    /// - Throws: ``PaywallTextError`` for a request that cannot be read, as
    ///   ``RenderRequest/decode(_:limits:)`` throws it. A bad product or locale of a good
    ///   request is an entry with its error.
    public static func answer(
        _ body: Data, acceptLanguage: String?, limits: RenderRequest.Limits = RenderRequest.Limits(),
        catalogs: Catalogs = .builtIn, copy: PaywallCopy? = nil, cache: AnswerCache?
    ) async throws(PaywallTextError) -> Answer {
        // The version is read before rendering: an answer rendered after a reload is kept
        // under the older version, which no later lookup asks for.
        let key = cache.flatMap { $0.key(for: body, limits: limits, acceptLanguage: acceptLanguage,
                                          version: PaywallRenderer(catalogs: catalogs, copy: copy).contentVersion) }
        if let key, let found = cache?.answer(for: key) { return found }
        let request = try RenderRequest.decode(body, limits: limits)
        let renderer = PaywallRenderer(catalogs: catalogs, copy: copy, options: request.options)
        let locales = request.locales ?? [renderer.negotiateLocale(acceptLanguage: acceptLanguage ?? "").locale]
        let array = await RenderEntry.encoded(request.document, locales: locales, renderer: renderer)
        let answer = Answer(json: array.bytes, locales: locales, count: array.count, failures: array.failures)
        // What was read at the current time would never be asked for again.
        if let key, !request.readAtCurrentTime { cache?.offer(answer, for: key) }
        return answer
    }
}
