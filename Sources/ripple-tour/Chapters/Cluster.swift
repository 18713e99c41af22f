// The chapter needs RippleBusNATS, which the package declares on Linux only
// (Package.swift, `natsIsAvailable`); elsewhere the tour has no `cluster` chapter.
#if canImport(RippleBusNATS)
import Foundation
import NATSLocalServer
import Ripple
import RippleBus
import RippleBusNATS
import UserFeed

// The events the two processes exchange; both processes are this executable, so they
// share these declarations (in real code: a module both apps import).
struct ClusterHello: BusEvent { let from: String }
struct ClusterHelloBack: BusEvent { let from: String; let to: String }
struct ClusterJob: BusEvent { let id: Int }
struct ClusterJobDone: BusEvent { let id: Int; let worker: String }
struct ClusterStatus: BusEvent { let asker: String }
struct ClusterStatusReply: BusEvent { let worker: String; let handled: Int }
struct ClusterStop: BusEvent {}
/// The UserFeed example's `UserFetchEvent` as it crosses a process boundary: the `Result` becomes
/// Codable fields (an `any Error` cannot travel; its description can).
struct ClusterFeedUpdate: BusEvent { let path: String; let names: [String]?; let error: String? }
struct ClusterFeedRendered: BusEvent { let path: String }

/// The hidden argument that makes the tour the second process of the `cluster` chapter.
let clusterWorkerFlag = "--cluster-worker"

/// Two buses in two processes through a NATS server the tour starts: events both ways, a
/// queue group of two workers sharing jobs, a server restart survived, and the UserFeed
/// example's feed rendered by a subscriber in the other process.
let clusterChapter = Chapter(
    name: "cluster",
    summary: "the bus across processes on NATS: two processes, a queue group, a server restart, the UserFeed example (needs nats-server)",
    run: { _ in
        guard NATSLocalServer.isInstalled else {
            say("   skipped: nats-server not installed (Debian: apt-get install nats-server)")
            return
        }
        do {
            try runCluster()
        } catch {
            say("   cluster failed: \(error)")
        }
    }
)

private func runCluster() throws {
    let server = try NATSLocalServer()
    say("   server:    nats-server on \(server.url) (started by the tour, loopback only)")
    let worker = Process()
    worker.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    worker.arguments = [clusterWorkerFlag, server.url]
    try worker.run()
    defer {
        if worker.isRunning {
            worker.terminate()
        }
        worker.waitUntilExit()
        server.stop()
    }
    say("   process B: pid \(worker.processIdentifier) (this tour again, started with \(clusterWorkerFlag))")

    var options = NATSConnectionOptions(name: "tour-process-A")
    options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(250))
    let bus = try waitFor { [options] in try await NATSEventBus.connect(to: server.url, options: options) }
    defer { bus.close() }
    let states = bus.state.skip(1).subscribe(onNext: { say("   [A] connection \($0)") })
    defer { states.dispose() }
    guard let ready = askStatus(bus, timeout: 10) else {
        say("   process B did not answer")
        return
    }
    say("   process B is up (\(ready.worker))\n")

    say("1. two buses, two processes: A publishes ClusterHello, B answers with ClusterHelloBack")
    let backs = LockedValue<[ClusterHelloBack]>([])
    let helloBacks = try bus.subscribe(ClusterHelloBack.self) { back in backs.withLock { $0.append(back) } }
    defer { helloBacks.dispose() }
    try waitFor { try await bus.flush() }
    try bus.publish(ClusterHello(from: "process A"))
    if spin(until: { !backs.withLock { $0 }.isEmpty }), let back = backs.withLock({ $0.first }) {
        say("   [A] received ClusterHelloBack from \(back.from) to \(back.to)  (subject \(bus.subject(for: ClusterHelloBack.self)))\n")
    }

    say("2. a queue group of two workers (one in A, one in B) sharing 10 jobs")
    let done = LockedValue<[ClusterJobDone]>([])
    let doneSubscription = try bus.subscribe(ClusterJobDone.self) { job in done.withLock { $0.append(job) } }
    defer { doneSubscription.dispose() }
    let workerA = try bus.subscribe(ClusterJob.self, queueGroup: "workers") { [bus] job in
        try? bus.publish(ClusterJobDone(id: job.id, worker: "A"))
    }
    defer { workerA.dispose() }
    try waitFor { try await bus.flush() }
    for id in 1...10 {
        try bus.publish(ClusterJob(id: id))
    }
    _ = spin(until: { done.withLock { $0.count } >= 10 })
    say("   " + tally(done.withLock { $0 }) + "\n")

    say("3. the server restarts: A keeps publishing while it is down; its reconnect buffer sends the jobs once it is back")
    server.stop()
    _ = spin(until: { bus.connection.currentState == .reconnecting })
    for id in 11...13 {
        try bus.publish(ClusterJob(id: id))
    }
    say("   [A] published jobs 11-13 while disconnected (buffered, bounded by reconnectBufferSize)")
    try server.start()
    say("   server restarted on the same port")
    _ = spin(until: { done.withLock { $0.count } >= 13 })
    let afterRestart = done.withLock { $0.filter { $0.id > 10 } }
    say("   jobs 11-13 done after the restart: \(afterRestart.count) of 3 (\(tally(afterRestart)))")
    if let status = askStatus(bus, timeout: 10) {
        say("   process B reconnected by itself and answers again (\(status.handled) jobs handled in B)\n")
    }

    say("4. the UserFeed example's user feed: the view model in A, its subscriber in B")
    try userFeedAcrossProcesses(bus)

    try bus.publish(ClusterStop())
    try waitFor { try await bus.flush() }
    _ = spin(until: { !worker.isRunning })
    say("\n   process B stopped (exit status \(worker.isRunning ? -1 : worker.terminationStatus)); cluster done")
}

/// The bus chapter's view model, unchanged, publishing on the in-process bus; a bridge
/// forwards each `UserFetchEvent` to NATS as a `ClusterFeedUpdate`, which process B renders.
private func userFeedAcrossProcesses(_ bus: NATSEventBus) throws {
    let http = try LoopbackHTTPServer(routes: UserFeedRoutes.demo)
    defer { http.stop() }
    let local = EventBus()
    let bridge = local.subscribe(UserFetchEvent.self) { [bus] event in
        let names = (try? event.result.get())?.map(\.name)
        let error = names == nil ? event.result.failureDescription : nil
        try? bus.publish(ClusterFeedUpdate(path: event.identifier, names: names, error: error))
    }
    defer { bridge.dispose() }
    let rendered = LockedValue<Set<String>>([])
    let renderedSubscription = try bus.subscribe(ClusterFeedRendered.self) { event in rendered.withLock { _ = $0.insert(event.path) } }
    defer { renderedSubscription.dispose() }
    try waitFor { try await bus.flush() }
    let viewModel = UserListViewModel(baseURL: http.url(for: "/"), bus: local)
    for path in ["/users", "/missing"] {
        say("   [A] fetch \(path)")
        let fetch = viewModel.fetchUserList(path: path)
        if !spin(until: { rendered.withLock { $0.contains(path) } }) {
            say("   [A] B did not render \(path)")
        }
        fetch.dispose()
    }
}

/// Process B: answers hellos and status requests, works in the "workers" queue group,
/// renders the user feed, until told to stop.
func runClusterWorker(url: String) -> Never {
    let name = "process B (pid \(getpid()))"
    var options = NATSConnectionOptions(name: "tour-process-B")
    options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(250))
    guard let bus = try? waitFor({ [options] in try await NATSEventBus.connect(to: url, options: options) }) else {
        say("   [B] cannot connect to \(url)")
        exit(1)
    }
    let handled = AtomicValue<Int>(0)
    let stop = DispatchSemaphore(value: 0)
    let subscriptions: [any Disposable] = [
        try? bus.subscribe(ClusterHello.self) { hello in
            say("   [B] received ClusterHello from \(hello.from)")
            try? bus.publish(ClusterHelloBack(from: name, to: hello.from))
        },
        try? bus.subscribe(ClusterJob.self, queueGroup: "workers") { job in
            handled.wrappingAdd(1, ordering: .relaxed)
            try? bus.publish(ClusterJobDone(id: job.id, worker: "B"))
        },
        try? bus.reply(to: ClusterStatus.self) { _ in
            ClusterStatusReply(worker: name, handled: handled.load(ordering: .relaxed))
        },
        try? bus.subscribe(ClusterFeedUpdate.self) { update in
            if let names = update.names {
                say("   [B] render \(update.path): \(names.joined(separator: ", "))")
            } else {
                say("   [B] show error for \(update.path): \(update.error ?? "?")")
            }
            try? bus.publish(ClusterFeedRendered(path: update.path))
        },
        try? bus.subscribe(ClusterStop.self) { _ in stop.signal() },
    ].compactMap { $0 }
    stop.wait()
    subscriptions.forEach { $0.dispose() }
    try? waitFor { try await bus.flush() }
    bus.close()
    exit(0)
}

private func askStatus(_ bus: NATSEventBus, timeout: TimeInterval) -> ClusterStatusReply? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let reply = try? waitFor({
            try await bus.request(ClusterStatus(asker: "A"), expecting: ClusterStatusReply.self, timeout: .milliseconds(300)).value
        }) {
            return reply
        }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
}

private func tally(_ jobs: [ClusterJobDone]) -> String {
    let byA = jobs.filter { $0.worker == "A" }.count
    return "worker A handled \(byA), worker B handled \(jobs.count - byA), \(jobs.count) in all, each job once: \(Set(jobs.map(\.id)).count == jobs.count)"
}

extension Result {
    fileprivate var failureDescription: String? {
        if case .failure(let error) = self {
            return describeFetchError(error)
        }
        return nil
    }
}

/// Runs `body` on the concurrency pool and waits for it, letting the main queue run.
private func waitFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = LockedValue<Result<T, any Error>?>(nil)
    Task {
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body())
        } catch {
            outcome = .failure(error)
        }
        result.withLock { $0 = outcome }
    }
    while true {
        if let outcome = result.withLock({ $0 }) {
            return try outcome.get()
        }
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.005))
    }
}

/// Lets the main queue run until `condition` holds or `timeout` seconds pass; whether it held.
private func spin(until condition: () -> Bool, timeout: TimeInterval = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline {
            return false
        }
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.005))
    }
    return true
}

/// Prints and flushes at once, so A's lines and B's (one terminal or pipe, two processes)
/// appear in the order they happen, not when each process's buffer fills.
private func say(_ line: String) {
    print(line)
    fflush(nil)
}
#endif
