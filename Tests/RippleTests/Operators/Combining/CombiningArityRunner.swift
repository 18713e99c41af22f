import Testing
@testable import Ripple
import RippleTest

/// The fixed-arity operators (2 to 8 sources) whose tests share the runner below.
enum CombiningOperator: String {
    case combineLatest
    case zip
}

extension CombiningForm {
    /// The result selector of this form for `arity` sources, taking the elements as an
    /// array: their sum, or (`.throwing`) `TestError(id: arity)`.
    func selector(arity: Int) -> ([Int]) throws -> Int {
        switch self {
        case .throwing: return { _ in throw TestError(id: arity) }
        case .sum, .tuple: return { $0.reduce(0, +) }
        }
    }
}

/// Runs `op` of the 2 to 8 sources `s` in `form` on `scheduler` and returns what it
/// sent (summed).
func runCombining(
    _ op: CombiningOperator,
    _ scheduler: TestScheduler,
    _ s: [TestableObservable<Int>],
    _ form: CombiningForm,
    disposed: TestTime = 1000
) -> [RippleTest.Recorded<Event<Int>>] {
    let f = form.selector(arity: s.count)
    switch (s.count, form == .tuple) {
    case (2, false):
        return scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1]) { try f([$0, $1]) } : Observable.combineLatest(s[0], s[1]) { try f([$0, $1]) }
        }.events
    case (2, true):
        return recordedEvents(scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1]) : Observable.combineLatest(s[0], s[1])
        }) { [$0.0, $0.1].reduce(0, +) }
    case (3, false):
        return scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2]) { try f([$0, $1, $2]) } : Observable.combineLatest(s[0], s[1], s[2]) { try f([$0, $1, $2]) }
        }.events
    case (3, true):
        return recordedEvents(scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2]) : Observable.combineLatest(s[0], s[1], s[2])
        }) { [$0.0, $0.1, $0.2].reduce(0, +) }
    case (4, false):
        return scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3]) { try f([$0, $1, $2, $3]) } : Observable.combineLatest(s[0], s[1], s[2], s[3]) { try f([$0, $1, $2, $3]) }
        }.events
    case (4, true):
        return recordedEvents(scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3]) : Observable.combineLatest(s[0], s[1], s[2], s[3])
        }) { [$0.0, $0.1, $0.2, $0.3].reduce(0, +) }
    case (5, false):
        return scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4]) { try f([$0, $1, $2, $3, $4]) } : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { try f([$0, $1, $2, $3, $4]) }
        }.events
    case (5, true):
        return recordedEvents(scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4]) : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4])
        }) { [$0.0, $0.1, $0.2, $0.3, $0.4].reduce(0, +) }
    case (6, false):
        return scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { try f([$0, $1, $2, $3, $4, $5]) } : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { try f([$0, $1, $2, $3, $4, $5]) }
        }.events
    case (6, true):
        return recordedEvents(scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5])
        }) { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5].reduce(0, +) }
    case (7, false):
        return scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { try f([$0, $1, $2, $3, $4, $5, $6]) } : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { try f([$0, $1, $2, $3, $4, $5, $6]) }
        }.events
    case (7, true):
        return recordedEvents(scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        }) { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6].reduce(0, +) }
    case (8, false):
        return scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { try f([$0, $1, $2, $3, $4, $5, $6, $7]) } : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { try f([$0, $1, $2, $3, $4, $5, $6, $7]) }
        }.events
    case (8, true):
        return recordedEvents(scheduler.start(disposed: disposed) {
            op == .zip ? Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) : Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        }) { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7].reduce(0, +) }
    default:
        fatalError("\(op) has fixed arities 2 to 8")
    }
}

/// Runs `scripts` (one hot source each) through `op` in each of `forms`, and checks what
/// it sent and each source's one subscription.
func expectCombining(
    _ op: CombiningOperator,
    _ scripts: [[RippleTest.Recorded<Event<Int>>]],
    forms: [CombiningForm] = CombiningForm.succeeding,
    disposed: TestTime = 1000,
    sends expected: [RippleTest.Recorded<Event<Int>>],
    subscriptions: [Subscription],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for form in forms {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = hotSources(scheduler, scripts)
        let events = runCombining(op, scheduler, sources, form, disposed: disposed)
        #expect(events == expected, "\(op), form \(form)", sourceLocation: sourceLocation)
        #expect(sources.map(\.subscriptions) == subscriptions.map { [$0] }, "\(op), form \(form)", sourceLocation: sourceLocation)
    }
}
