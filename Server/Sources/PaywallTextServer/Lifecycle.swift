import Logging
import NIOPosix
import PaywallText
import ServiceLifecycle
import Synchronization

/// Whether the server should be sent traffic (`GET /readyz`): not while it warms up, ready
/// once every catalog's locale is prepared, and never again once it drains.
final class Readiness: Sendable {
    enum State: UInt8 {
        case warmingUp, ready, draining

        /// How `GET /readyz` names it.
        var name: String {
            switch self {
            case .warmingUp: "warmingUp"
            case .ready: "ready"
            case .draining: "draining"
            }
        }
    }

    private let state = Atomic<UInt8>(State.warmingUp.rawValue)

    var current: State { State(rawValue: state.load(ordering: .acquiring)) ?? .draining }

    /// Warmed up: ready, unless draining already.
    func warmedUp() {
        _ = state.compareExchange(expected: State.warmingUp.rawValue, desired: State.ready.rawValue, ordering: .acquiringAndReleasing)
    }

    /// Stopping: never ready again.
    func drain() {
        state.store(State.draining.rawValue, ordering: .releasing)
    }
}

/// Prepares every catalog's locale (its formatters and its compiled messages), off Swift's
/// cooperative pool, then reports ready; the server answers meanwhile (`/healthz` says it
/// lives, `/readyz` that it is not ready yet).
struct WarmUp: Service {
    let catalogs: Catalogs
    let enabled: Bool
    let readiness: Readiness
    let logger: Logger

    func run() async throws {
        if enabled {
            let started = ContinuousClock.now
            // The catalogs' own locales (`de`, `pt-PT`, `zh-Hant`), and `en-US`, the most asked.
            let locales = ["en-US"] + catalogs.names
            let failures = try await NIOThreadPool.singleton.runIfActive { [catalogs] in
                let renderer = PaywallRenderer(catalogs: catalogs)
                return locales.compactMap { locale -> String? in
                    do throws(PaywallTextError) {
                        try renderer.prepare(locales: [locale])
                        return nil
                    } catch {
                        return "\(locale): \(error)"
                    }
                }
            }
            for failure in failures { logger.error("warm-up failed", metadata: ["locale": "\(failure)"]) }
            logger.info("warmed up", metadata: ["locales": "\(locales.count)", "took": "\(ContinuousClock.now - started)"])
        }
        readiness.warmedUp()
        // A service that returns stops the group: this one waits for the shutdown.
        try? await gracefulShutdown()
    }
}

/// The first step of a graceful shutdown (SIGTERM, SIGINT): `/readyz` says draining at
/// once, and the listener stays open for the configured delay, so that a load balancer
/// polling readiness stops sending first. The application's own shutdown follows: the
/// listener closes and the requests in flight are finished.
struct Drain: Service {
    let readiness: Readiness
    let delay: Duration
    let logger: Logger

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled
        }
        readiness.drain()
        logger.info("draining", metadata: ["delay": "\(delay)"])
        if delay > .zero { try? await Task.sleep(for: delay) }
    }
}

/// The sources of text a render uses beside the request: the catalogs and the copy folder,
/// reloaded together, one reload at a time and off Swift's cooperative pool (reading,
/// checking and compiling 49 files would otherwise stall every request waiting for that
/// pool). A reload is all or nothing: the new copy folder is read and checked first, then
/// the catalogs reload; if either fails, both stay as they were.
final class TextSources: Sendable {
    let catalogs: Catalogs
    /// The copy folder in use; replaced, never changed, by a reload.
    private let currentCopy: Mutex<PaywallCopy?>
    private let serial = Mutex(())

    init(catalogs: Catalogs, copy: PaywallCopy?) {
        self.catalogs = catalogs
        currentCopy = Mutex(copy)
    }

    /// The copy folder in use now, `nil` for none.
    var copy: PaywallCopy? { currentCopy.withLock { $0 } }

    /// Whether there is a folder to reload: catalogs or copy read from disk.
    var reloadable: Bool { catalogs.directory != nil || copy?.directory != nil }

    /// Reads the folders again, after any reload under way.
    func reload() async throws(PaywallTextError) {
        do {
            try await NIOThreadPool.singleton.runIfActive { [self] in
                try serial.withLock { _ throws(PaywallTextError) in
                    let newCopy = try copy?.directory.map { (folder) throws(PaywallTextError) in try PaywallCopy(directory: folder) }
                    if catalogs.directory != nil { try catalogs.reload() }
                    if let newCopy { currentCopy.withLock { $0 = newCopy } }
                }
            }
        } catch let error as PaywallTextError {
            throw error
        } catch {
            throw PaywallTextError(.invalidRequest, path: "catalogs", message: "the reload could not run: \(error)")
        }
    }
}
