import Dispatch
import Foundation
import PaywallText
import PaywallTextJSON

/// The server's path for a body it has never seen, without HTTP: reading the load script's
/// request body (`Server/Scripts/wrk/render.lua`: 3 products, one locale) into checked
/// products, and writing the answer's JSON for them, each beside Foundation's
/// `JSONSerialization` doing the like on the same bytes.
///
/// - read: `RenderRequest.decode` (what `POST /v1/render` calls for a body no cache holds)
///   against `JSONSerialization.jsonObject` of the same bytes, which checks no field;
/// - write: the answer's JSON array (`EncodedEntries` for the rendered results, joined by
///   `EncodedJSONArray`, as the server writes it) against `JSONSerialization.data(withJSONObject:)`
///   of an equal Foundation tree, built beforehand. Rendering is done beforehand for both.
struct JSONBench {
    /// The request body, as the load script sends it in en-US.
    let body: Data
    /// The products read, rendered once in the body's locale, for the writers.
    let document: StoreDocument
    let locale: String
    let results: [Result<RenderedProduct, PaywallTextError>]
    /// The answer's Foundation tree: the answer's JSON as `JSONSerialization` reads it.
    let foundationAnswer: Any
    /// The answer's JSON, as the server writes it.
    let answer: [UInt8]

    /// Per-operation nanoseconds, each the median of batches taken in turns.
    struct Figures {
        var read = 0.0, foundationRead = 0.0
        var write = 0.0, foundationWrite = 0.0
        /// The parts of the reading, for profiling (`--only json`).
        var parse = 0.0, documentRead = 0.0
    }

    init() throws {
        // The body the load script sends: its products literal between `[=[` and `]=]`.
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Server/Scripts/wrk/render.lua").standardizedFileURL
        let lua = try String(contentsOf: script, encoding: .utf8)
        guard let open = lua.range(of: "[=["), let close = lua.range(of: "]=]", range: open.upperBound..<lua.endIndex) else {
            throw BenchError("no products literal in \(script.path)")
        }
        locale = "en-US"
        body = Data(#"{"locales":["\#(locale)"],"products":\#(lua[open.upperBound..<close.lowerBound])}"#.utf8)
        let request = try RenderRequest.decode(body)
        document = request.document
        let renderer = PaywallRenderer(options: request.options)
        results = renderer.render(document.items, locale: locale)
        answer = JSONBench.write(document, locale: locale, results: results)
        foundationAnswer = try JSONSerialization.jsonObject(with: Data(answer))
        guard results.allSatisfy({ if case .success = $0 { true } else { false } }) else {
            throw BenchError("the load script's products did not all render")
        }
    }

    /// The answer's bytes, as the server writes them.
    static func write(_ document: StoreDocument, locale: String, results: [Result<RenderedProduct, PaywallTextError>]) -> [UInt8] {
        EncodedJSONArray([EncodedEntries(document, locale: locale, results: results)], problems: document.problems).bytes
    }

    /// Times each operation in batches, the operations taking turns batch by batch, and
    /// returns the median of each.
    func measure(_ length: Length, sink: inout Int) throws -> Figures {
        let batchSize = length.pick(256, 64, 4)
        let batches = length.pick(41, 15, 3)
        let body = body, document = document, locale = locale, results = results, answer = foundationAnswer
        let operations: [() -> Int] = [
            { (try? RenderRequest.decode(body))?.items.count ?? -1 },
            { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?.count ?? -1 },
            { JSONBench.write(document, locale: locale, results: results).count },
            { (try? JSONSerialization.data(withJSONObject: answer))?.count ?? -1 },
            { (try? ProductDecoder.parse(body)).map { if case .object(let members) = $0 { members.count } else { 0 } } ?? -1 },
            {
                guard let parsed = try? ProductDecoder.parse(body), let products = parsed["products"] else { return -1 }
                return (try? StoreDocuments.read(document: products, format: nil, options: ReadOptions()))?.items.count ?? -1
            },
        ]
        var samples = [[Double]](repeating: [], count: operations.count)
        for operation in operations {
            for _ in 0..<batchSize { sink &+= operation() }  // warm up
        }
        for _ in 0..<batches {
            for (index, operation) in operations.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<batchSize { sink &+= operation() }
                samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(batchSize))
            }
        }
        let medians = samples.map { $0.sorted()[$0.count / 2] }
        // Reading the tree alone needs the parse's time taken off.
        return Figures(read: medians[0], foundationRead: medians[1], write: medians[2], foundationWrite: medians[3],
                       parse: medians[4], documentRead: max(0, medians[5] - medians[4]))
    }
}

extension JSONBench {
    /// One of our operations alone, for profiling.
    enum Operation: String {
        case read = "json-read"
        case write = "json-write"
    }

    /// Runs an operation over and over for about `seconds`; the mean nanoseconds per run.
    func repeatedly(_ operation: Operation, seconds: Double, sink: inout Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        var runs = 0
        repeat {
            for _ in 0..<64 {
                switch operation {
                case .read: sink &+= (try? RenderRequest.decode(body))?.items.count ?? -1
                case .write: sink &+= JSONBench.write(document, locale: locale, results: results).count
                }
            }
            runs += 64
        } while DispatchTime.now().uptimeNanoseconds < end
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(runs)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
