import Foundation
import Ripple
import RippleBus
import UserFeed

/// The UserFeed example for real: a view model fetches users over HTTP from a server on
/// this machine, publishes a `UserFetchEvent` on the bus, and two subscribers react,
/// one on the main queue ("renders") and one on a background queue (logs).
let busChapter = Chapter(
    name: "bus",
    summary: "a view model fetches users over HTTP and publishes them on the event bus; two subscribers react",
    run: { _ in
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer(routes: UserFeedRoutes.demo)
        } catch {
            print("   could not start the loopback HTTP server (\(error)); the bus chapter needs one")
            return
        }
        defer { server.stop() }
        print("""
        server:      http://127.0.0.1:\(server.port)  (a loopback HTTP server started by the tour)
        view model:  URLSession.rx.data → retry(maxAttempts: 3, …) → decode [User] → bus.publish(UserFetchEvent)
        subscribers: bus.subscribeOnMain(UserFetchEvent.self)  renders on the main queue
                     bus.subscribe(UserFetchEvent.self)        logs on its own background queue

        """)

        let bus = EventBus()
        let seen = FetchTally()
        let render = bus.subscribeOnMain(UserFetchEvent.self) { event in
            switch event.result {
            case let .success(users):
                print("   [main] render \(event.identifier): \(users.map(\.name).joined(separator: ", "))")
            case let .failure(error):
                print("   [main] show error for \(event.identifier): \(describeFetchError(error))")
            }
            seen.rendered()
        }
        let log = bus.subscribe(UserFetchEvent.self) { event in
            let outcome = (try? event.result.get()).map { "\($0.count) users" } ?? "failed"
            print("   [log]  \(event.identifier) → \(outcome)  (on \(Thread.isMainThread ? "the main thread" : "a background queue"))")
            seen.logged()
        }

        let viewModel = UserListViewModel(baseURL: server.url(for: "/"), bus: bus)
        for (path, story) in [
            ("/users", "a good answer"),
            ("/flaky", "503 twice, then a good answer: the view model retries after 50 ms, then 100 ms"),
            ("/missing", "a 404: not retried, the error path"),
            ("/malformed", "a 200 whose body is not JSON: the decoding error path"),
        ] {
            print("   fetch \(path): \(story)")
            let before = seen.count
            viewModel.fetchUserList(path: path)
            waitOnMainQueue(until: { seen.count.rendered > before.rendered && seen.count.logged > before.logged })
        }

        render.dispose()
        log.dispose()
        print("\n   both subscriptions disposed: a publish now reaches nobody")
        bus.publish(UserFetchEvent(identifier: "/late", result: .success([])))
        waitOnMainQueue(until: { false }, timeout: 0.05)
        print("   bus done (rendered \(seen.count.rendered), logged \(seen.count.logged))")
    }
)

/// Counts the events each subscriber has handled; written from two queues.
private final class FetchTally: Sendable {
    private let counts = LockedValue((rendered: 0, logged: 0))

    var count: (rendered: Int, logged: Int) { counts.withLock { $0 } }
    func rendered() { counts.withLock { $0.rendered += 1 } }
    func logged() { counts.withLock { $0.logged += 1 } }
}

/// Lets the main queue run (this command-line tour owns the main thread) until
/// `condition` holds or `timeout` seconds pass.
private func waitOnMainQueue(until condition: () -> Bool, timeout: TimeInterval = 5) {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition(), Date() < deadline {
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
    }
}
