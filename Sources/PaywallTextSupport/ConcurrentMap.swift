import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// The elements transformed at once on every core, in the array's order: for commands
    /// that make one file per element (`paywall-text goldens`, the review site) and write or
    /// compare them in order afterwards.
    package func concurrentMap<Transformed: Sendable>(_ transform: @Sendable (Element) -> Transformed) -> [Transformed] {
        let results = Mutex([Transformed?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let transformed = transform(self[index])
            results.withLock { $0[index] = transformed }
        }
        return results.withLock { $0.map { $0! } }
    }
}
