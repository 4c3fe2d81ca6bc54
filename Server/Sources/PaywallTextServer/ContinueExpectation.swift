import HTTPTypes
import HummingbirdCore

/// `Expect: 100-continue` (RFC 9110 §10.1.1): a client that asks it sends its request's
/// head, waits for an interim `100 Continue` before it sends the body, and sends no body
/// when a final response comes first.
///
/// Neither Hummingbird nor SwiftNIO answers the expectation; Hummingbird's
/// `ResponseWriter.writeInformationalHead(_:)` sends the interim response, which this
/// responder does before the router's:
/// - a body larger than the server reads, by its `Content-Length`: no `100`; the route
///   answers its final 413 at once, from the header, and the client never sends the body;
/// - a body of at most that length, or of unknown length (chunked): `100 Continue`, then the
///   route reads the body and answers as usual;
/// - no body to come, or no such expectation: nothing.
///
/// Other expectations are ignored, as RFC 9110 allows.
enum ContinueExpectation {
    /// Whether `headers` ask for `100 Continue` and a body of at most `maximumBodyBytes` is to
    /// come, so that the client is told to send it.
    static func asksToContinue(_ headers: HTTPFields, maximumBodyBytes: Int) -> Bool {
        guard headers[values: .expect].contains(where: { value in
            value.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == "100-continue" }
        }) else { return false }
        if headers[.transferEncoding] != nil { return true }
        guard let length = headers[.contentLength].flatMap({ Int($0) }) else { return false }
        return length > 0 && length <= maximumBodyBytes
    }

    /// `responder` with the interim `100 Continue` sent first when the request asks for it.
    static func responder(_ responder: @escaping HTTPChannelHandler.Responder, maximumBodyBytes: Int) -> HTTPChannelHandler.Responder {
        { request, writer, channel in
            if asksToContinue(request.headers, maximumBodyBytes: maximumBodyBytes) {
                try await writer.writeInformationalHead(HTTPResponse(status: .continue))
            }
            try await responder(request, writer, channel)
        }
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpaces: Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
