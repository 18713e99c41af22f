import Dispatch
import Testing
@testable import Ripple
import RippleBlocking
import RippleTest

/// One row of a bad-input table: a label and a way to build the sequence under test
/// over a hot source (1 at 210, 2 at 240, completion at 300) on a `TestScheduler`.
struct BadInputRow: CustomTestStringConvertible, Sendable {
    let label: String
    let make: @Sendable (TestScheduler, Observable<Int>) -> Observable<Int>
    var testDescription: String { label }

    init(_ label: String, _ make: @escaping @Sendable (TestScheduler, Observable<Int>) -> Observable<Int>) {
        self.label = label
        self.make = make
    }
}

/// Runs `make` over the standard hot source, subscribed at 200 and disposed at 1000.
private func run(_ make: (TestScheduler, Observable<Int>) -> Observable<Int>) -> [RippleTest.Recorded<Event<Int>>] {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
    let built = make(scheduler, source.asObservable())
    return scheduler.start { built }.events
}

/// Negative counts, indices, buffer sizes, spans and periods, and a zero where it means
/// nothing (maxConcurrent, a buffer's count): each must end the
/// sequence with `RxError.argumentOutOfRange` as soon as it is subscribed.
private let meaningless: [BadInputRow] = [
    BadInputRow("take(-1)") { _, source in source.take(-1) },
    BadInputRow("skip(-1)") { _, source in source.skip(-1) },
    BadInputRow("takeLast(-1)") { _, source in source.takeLast(-1) },
    BadInputRow("element(at: -1)") { _, source in source.element(at: -1) },
    BadInputRow("buffer(timeSpan: 10, count: 0)") { s, source in source.buffer(timeSpan: .seconds(10), count: 0, scheduler: s).map(\.count) },
    BadInputRow("buffer(timeSpan: 10, count: -1)") { s, source in source.buffer(timeSpan: .seconds(10), count: -1, scheduler: s).map(\.count) },
    BadInputRow("buffer(timeSpan: -5, count: 2)") { s, source in source.buffer(timeSpan: .seconds(-5), count: 2, scheduler: s).map(\.count) },
    BadInputRow("window(timeSpan: 10, count: 0)") { s, source in source.window(timeSpan: .seconds(10), count: 0, scheduler: s).flatMap { $0 } },
    BadInputRow("window(timeSpan: 10, count: -1)") { s, source in source.window(timeSpan: .seconds(10), count: -1, scheduler: s).flatMap { $0 } },
    BadInputRow("window(timeSpan: -5, count: 2)") { s, source in source.window(timeSpan: .seconds(-5), count: 2, scheduler: s).flatMap { $0 } },
    BadInputRow("merge(maxConcurrent: 0)") { _, source in source.map { Observable.just($0) }.merge(maxConcurrent: 0) },
    BadInputRow("merge(maxConcurrent: -1)") { _, source in source.map { Observable.just($0) }.merge(maxConcurrent: -1) },
    BadInputRow("retry(-1)") { _, source in source.retry(-1) },
    BadInputRow("Single.retry(-1)") { _, _ in Single.just(1).retry(-1).asObservable() },
    BadInputRow("share(replay: -1)") { _, source in source.share(replay: -1) },
    BadInputRow("share(replay: -1, scope: .forever)") { _, source in source.share(replay: -1, scope: .forever) },
    BadInputRow("replay(-1).refCount()") { _, source in source.replay(-1).refCount() },
    BadInputRow("ReplaySubject.create(bufferSize: -1)") { _, _ in ReplaySubject<Int>.create(bufferSize: -1).asObservable() },
    BadInputRow("ReplayRelay.create(bufferSize: -1)") { _, _ in ReplayRelay<Int>.create(bufferSize: -1).asObservable() },
    BadInputRow("range(start: 0, count: -1)") { _, _ in Observable.range(start: 0, count: -1) },
    BadInputRow("interval(-5)") { s, _ in Observable<Int>.interval(.seconds(-5), scheduler: s) },
    BadInputRow("timer(5, period: -5)") { s, _ in Observable<Int>.timer(.seconds(5), period: .seconds(-5), scheduler: s) },
]

/// A zero that does mean something (as in RxSwift): each row's expected events.
private var meaningfulZeros: [(BadInputRow, [RippleTest.Recorded<Event<Int>>])] { [
    (BadInputRow("take(0)") { _, source in source.take(0) }, [.completed(200)]),
    (BadInputRow("skip(0)") { _, source in source.skip(0) }, [.next(210, 1), .next(240, 2), .completed(300)]),
    (BadInputRow("takeLast(0)") { _, source in source.takeLast(0) }, [.completed(300)]),
    (BadInputRow("element(at: 0)") { _, source in source.element(at: 0) }, [.next(210, 1), .completed(210)]),
    (BadInputRow("retry(0)") { _, source in source.retry(0) }, [.completed(200)]),
    (BadInputRow("share(replay: 0)") { _, source in source.share(replay: 0) }, [.next(210, 1), .next(240, 2), .completed(300)]),
    (BadInputRow("range(start: 0, count: 0)") { _, _ in Observable.range(start: 0, count: 0) }, [.completed(200)]),
    (BadInputRow("buffer(timeSpan: 0, count: 2): a span per tick") { s, source in
        source.buffer(timeSpan: .seconds(0), count: 2, scheduler: s).map(\.count).take(3)
    }, [.next(201, 0), .next(202, 0), .next(203, 0), .completed(203)]),
    (BadInputRow("window(timeSpan: 0, count: 2): a window per tick") { s, source in
        source.window(timeSpan: .seconds(0), count: 2, scheduler: s).map { _ in 1 }.take(3)
    }, [.next(200, 1), .next(201, 1), .next(202, 1), .completed(202)]),
    (BadInputRow("interval(0): a tick per scheduler step") { s, _ in Observable<Int>.interval(.seconds(0), scheduler: s).take(3) },
     [.next(201, 0), .next(202, 1), .next(203, 2), .completed(203)]),
    (BadInputRow("timer(5, period: 0)") { s, _ in Observable<Int>.timer(.seconds(5), period: .seconds(0), scheduler: s).take(3) },
     [.next(205, 0), .next(206, 1), .next(207, 2), .completed(207)]),
    (BadInputRow("Infallible.take(-1) completes (no error to send)") { _, _ in Infallible.of(1, 2).take(-1).asObservable() }, [.completed(200)]),
    (BadInputRow("Infallible.skip(-1) skips nothing") { _, _ in Infallible.of(1, 2).skip(-1).asObservable() }, [.next(200, 1), .next(200, 2), .completed(200)]),
] }

/// Time spans where a negative value means "already due": each row is run with `-5`
/// and with `0`, and the two must behave the same.
private let negativeSpans: [(String, @Sendable (TestScheduler, Observable<Int>, RxTimeInterval) -> Observable<Int>)] = [
    ("delay", { s, source, span in source.delay(span, scheduler: s) }),
    ("delaySubscription", { s, source, span in source.delaySubscription(span, scheduler: s) }),
    ("debounce", { s, source, span in source.debounce(span, scheduler: s) }),
    ("throttle(latest: true)", { s, source, span in source.throttle(span, latest: true, scheduler: s) }),
    ("throttle(latest: false)", { s, source, span in source.throttle(span, latest: false, scheduler: s) }),
    ("timeout", { s, source, span in source.timeout(span, scheduler: s) }),
    ("timeout(other:)", { s, source, span in source.timeout(span, other: Observable.just(7), scheduler: s) }),
    ("take(for:)", { s, source, span in source.take(for: span, scheduler: s) }),
    ("skip(duration)", { s, source, span in source.skip(span, scheduler: s) }),
    ("timer(dueTime)", { s, _, span in Observable<Int>.timer(span, scheduler: s) }),
    ("timer(dueTime, period: 10).take(3)", { s, _, span in Observable<Int>.timer(span, period: .seconds(10), scheduler: s).take(3) }),
    ("Single.delay", { s, _, span in Single.just(1).delay(span, scheduler: s).asObservable() }),
    ("Single.timeout", { s, _, span in Single<Int>.never().timeout(span, scheduler: s).asObservable() }),
    ("Infallible.debounce", { s, source, span in source.asInfallible(onErrorJustReturn: 0).debounce(span, scheduler: s).asObservable() }),
]

extension RippleTests {
    @Suite struct BadInputTests {
        @Test(arguments: meaningless)
        func aMeaninglessArgumentFailsWithArgumentOutOfRangeAtSubscription(_ row: BadInputRow) {
            #expect(run(row.make) == [.error(200, RxError.argumentOutOfRange)], "\(row.label)")
        }

        @Test(arguments: meaningless)
        func aMeaninglessArgumentFailsEvenWithoutAScheduler(_ row: BadInputRow) {
            // The same rows subscribed synchronously, outside virtual time: no trap, no
            // hang, one error.
            let scheduler = TestScheduler(initialClock: 0)
            let events = row.make(scheduler, Observable<Int>.never()).recordSynchronously()
            #expect(events == [.error(String(describing: RxError.argumentOutOfRange))], "\(row.label)")
        }

        @Test func everyMeaningfulZeroWorks() {
            for (row, expected) in meaningfulZeros {
                #expect(run(row.make) == expected, "\(row.label)")
            }
        }

        @Test func aNegativeTimeSpanBehavesAsZero() {
            for (label, make) in negativeSpans {
                let negative = run { make($0, $1, .seconds(-5)) }
                let zero = run { make($0, $1, .seconds(0)) }
                #expect(negative == zero, "\(label): negative \(negative), zero \(zero)")
                #expect(negative.last.map { $0.value.isStopEvent } == true, "\(label) did not end: \(negative)")
            }
        }

        @Test func aHugeNegativeTimeSpanDoesNotOverflow() {
            let huge = run { s, source in source.delay(.seconds(Int.min / 2), scheduler: s) }
            let zero = run { s, source in source.delay(.seconds(0), scheduler: s) }
            #expect(huge == zero)
        }

        @Test func aReplaySubjectOfBufferSizeZeroReplaysNothing() {
            let subject = ReplaySubject<Int>.create(bufferSize: 0)
            subject.onNext(1)
            let recorder = EventRecorder<Int>()
            let subscription = subject.subscribe(recorder)
            subject.onNext(2)
            subject.onCompleted()
            subscription.dispose()
            #expect(recorder.events == [.next(2), .completed])
        }

        @Test func negativeSpansOnADispatchSchedulerFireAtOnce() throws {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.bad-input")
            let timer = try Observable<Int>.timer(.seconds(-1), scheduler: scheduler).toBlocking(timeout: 5).toArray()
            #expect(timer == [0])
            let delayed = try Observable.of(1, 2).delay(.milliseconds(-500), scheduler: scheduler).toBlocking(timeout: 5).toArray()
            #expect(delayed == [1, 2])
            let debounced = try Observable.of(1, 2).debounce(.seconds(-1), scheduler: scheduler).toBlocking(timeout: 5).toArray()
            // Each element is due at once, so whether 1 is replaced depends on whether the
            // queue runs before 2 arrives; either way nothing traps or hangs and 2 is last.
            #expect(debounced.last == 2)
            let taken = try Observable<Int>.never().take(for: .seconds(-1), scheduler: scheduler).toBlocking(timeout: 5).toArray()
            #expect(taken == [])
        }

        @Test func aNegativePeriodOnADispatchSchedulerFailsInsteadOfSpinning() throws {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "ripple.tests.bad-period")
            #expect(throws: RxError.self) {
                _ = try Observable<Int>.interval(.milliseconds(-1), scheduler: scheduler).take(3).toBlocking(timeout: 5).toArray()
            }
            let ticks = try Observable<Int>.interval(.seconds(0), scheduler: scheduler).take(3).toBlocking(timeout: 5).toArray()
            #expect(ticks == [0, 1, 2])
        }
    }
}
