#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import PaywallText

/// A render request answered, as the server's `POST /v1/render` sends it: the JSON array
/// of every item in every locale (``EncodedJSONArray``), the locales it was rendered in, and
/// how many entries it holds and how many of them are errors.
///
/// ```swift
/// let cache = RenderJSONCache()
/// let response = try await RenderResponse.answer(body, acceptLanguage: "de-CH, de;q=0.9", cache: cache)
/// // response.json: the bytes to send; response.locales: ["de-DE"]
/// ```
public struct RenderResponse: Sendable {
    /// The JSON array's bytes.
    public let json: [UInt8]
    /// The locales rendered: the request's `locales` as spelled, or the one negotiated from
    /// `Accept-Language`.
    public let locales: [String]
    /// The number of entries: one per item and locale.
    public let count: Int
    /// The number of entries that are errors.
    public let failures: Int

    /// Answers a request body: reads it (``RenderRequest/decode(_:limits:cache:)``), renders
    /// each item in each locale of the request, or in the one `acceptLanguage` negotiates
    /// among the catalogs when it names none, and writes the array.
    ///
    /// With a cache, the whole answer to a body seen before is found by its bytes, without
    /// reading it again: it is kept by the body's bytes, `limits`, `acceptLanguage` (`nil`
    /// when the request has no such header), the snapshot of `catalogs` and the `copy`
    /// value, which is everything its bytes depend on; an answer whose reading depends on
    /// the current time (``RenderRequest/readAtCurrentTime``) is not kept. Otherwise each
    /// locale's entries are found or rendered (``RenderEntry/encoded(_:locales:renderer:cache:)``,
    /// which yields between the locales it renders).
    ///
    /// - Throws: ``PaywallTextError`` for a request that cannot be read, as
    ///   ``RenderRequest/decode(_:limits:)`` throws it. A bad product or locale of a good
    ///   request is an entry with its error.
    public static func answer(
        _ body: Data, acceptLanguage: String?, limits: RenderRequest.Limits = RenderRequest.Limits(),
        catalogs: Catalogs = .builtIn, copy: PaywallCopy? = nil, cache: RenderJSONCache?
    ) async throws(PaywallTextError) -> RenderResponse {
        // A body the cache can keep is looked up whole first; its key (the body's hash worked
        // out once) serves its reading's lookup too.
        let bodyKey = cache == nil ? nil : RenderJSONCache.bodyKey(body, limits: limits)
        // The snapshot is read before rendering: an answer rendered after a reload is kept
        // under the older snapshot, which no later lookup asks for.
        let key = bodyKey.map {
            RenderJSONCache.ResponseKey(.init(content: PaywallRenderer(catalogs: catalogs, copy: copy).contentVersion,
                                              acceptLanguage: acceptLanguage, body: $0))
        }
        if let key, let found = cache?.response(for: key) { return found }
        let request: RenderRequest
        if let cache, let bodyKey {
            request = try RenderRequest.decode(body, key: bodyKey, cache: cache)
        } else {
            request = try RenderRequest.decode(body, limits: limits)
        }
        // What was read at the current time would never be asked for again.
        let kept = request.readAtCurrentTime ? nil : cache
        let renderer = PaywallRenderer(catalogs: catalogs, copy: copy, options: request.options)
        let locales = request.locales ?? [renderer.negotiateLocale(acceptLanguage: acceptLanguage ?? "").locale]
        let array = await RenderEntry.encoded(request.document, locales: locales, renderer: renderer, cache: kept)
        let response = RenderResponse(json: array.bytes, locales: locales, count: array.count, failures: array.failures)
        if let key { kept?.store(response, for: key) }
        return response
    }
}
