import Dispatch
import Testing
@testable import Ripple

// Helpers for the `…IsolationTests` suites: each builds operators in main-actor (or
// custom-actor) code over a source that sends from a background queue, records in
// every closure whether it runs on the actor, and checks the events.

/// `elements`, then completion (or `error`), sent from a background queue: the
/// subscription moves there, so whatever follows receives them off the main queue.
func sentFromBackground<Element>(_ elements: [Element], thenError error: Swift.Error? = nil) -> Observable<Element> {
    let elements = Observable.from(elements)
    let all = error.map { elements.concat(Observable.error($0)) } ?? elements
    return all.subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
}

/// `elements`, then `error`, sent at once to each subscriber, where it subscribes.
func failingAtOnce<Element>(after elements: [Element], with error: Swift.Error) -> Observable<Element> {
    Observable.from(elements).concat(Observable.error(error))
}

/// `observable`, subscribed from a background queue: for closures that run when a
/// subscription is made (or disposed), which must move to their actor.
func subscribedFromBackground<Element>(_ observable: Observable<Element>) -> Observable<Element> {
    observable.subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
}

/// Whether each closure call ran where it should: one entry per call.
typealias Places = ValueLog<Bool>

/// The events a subscription made in the caller's isolation receives, as text
/// (`next(1)`, `error(TestError(0))`, `completed`), once the sequence has ended (or
/// after two seconds); the subscription is disposed before returning.
func events<Element>(
    of observable: Observable<Element>,
    isolation: isolated (any Actor)? = #isolation
) async -> [String] {
    let log = ValueLog<String>()
    let subscription = observable.subscribe(
        onNext: { log.append("next(\($0))") },
        onError: { log.append("error(\($0))") },
        onCompleted: { log.append("completed") },
        isolation: isolation
    )
    _ = await eventually(isolation: isolation) {
        log.all.contains { $0 == "completed" || $0.hasPrefix("error") }
    }
    subscription.dispose()
    return log.all
}

/// A serial executor on a dispatch queue the tests can recognise, so that a closure
/// can tell that it runs on an actor using it (a default actor's executor cannot be
/// recognised from inside a closure).
final class MarkedQueueExecutor: SerialExecutor {
    let marked = MarkedQueue("MarkedQueueExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        marked.queue.async {
            job.runSynchronously(on: executor)
        }
    }
}

/// An actor that runs on a ``MarkedQueueExecutor``: `isCurrent` says whether the
/// caller runs on it.
actor MarkedActor {
    private let executor = MarkedQueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    nonisolated var isCurrent: Bool {
        executor.marked.isCurrent
    }

    /// Runs `build` here, so that the operators it calls take this actor's isolation,
    /// and returns the events of the sequence it builds, subscribed from here.
    func record<Element>(_ build: @Sendable (isolated MarkedActor) -> Observable<Element>) async -> [String] {
        await events(of: build(self))
    }
}

/// Builds a sequence with `build` in main-actor code (so every operator it calls takes
/// the main actor's isolation), subscribes to it there, and checks its events, and that
/// its closures, recording into the given ``Places`` with `onMainQueueNow()`, were
/// called `calls` times (when given), all on the main queue.
@MainActor
func expectOnMainActor(
    _ expected: [String],
    calls: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ build: (Places) -> Observable<String>
) async {
    let places = Places()
    let received = await events(of: build(places))
    #expect(received == expected, sourceLocation: sourceLocation)
    if let calls {
        #expect(places.count == calls, sourceLocation: sourceLocation)
    } else {
        #expect(places.count > 0, sourceLocation: sourceLocation)
    }
    #expect(places.all.allSatisfy { $0 }, "a closure ran off the main queue: \(places.all)", sourceLocation: sourceLocation)
}
