import Foundation
@testable import Ripple
import RippleTest

/// Random sources and pipeline stages on a `TestScheduler`, for the grammar fuzzer's
/// timed runs. These stages have no reference model: the runs only check the event
/// grammar, disposal and resource accounting.
enum TimedCatalogue {
    /// A random hot (times from 201) or cold (times from subscription) observable of a
    /// few elements, ending with completion, an error, or nothing.
    static func randomSource(_ rng: inout SplitMix64, scheduler: TestScheduler) -> (name: String, observable: Observable<Int>) {
        let isHot = rng.chance(50)
        var time = isHot ? 200 : 0
        var events: [RippleTest.Recorded<Event<Int>>] = []
        var parts: [String] = []
        for _ in 0..<rng.int(0...6) {
            time += rng.int(1...40)
            let value = rng.int(0...20)
            events.append(.next(time, value))
            parts.append("\(value)@\(time)")
        }
        time += rng.int(1...40)
        switch rng.int(0...9) {
        case 0..<5:
            events.append(.completed(time))
            parts.append("|@\(time)")
        case 5..<8:
            events.append(.error(time, TestError(id: time)))
            parts.append("#@\(time)")
        default:
            break
        }
        let observable = isHot ? scheduler.createHotObservable(events) : scheduler.createColdObservable(events)
        return ("\(isHot ? "hot" : "cold")[\(parts.joined(separator: " "))]", observable.asObservable())
    }

    private static func span(_ rng: inout SplitMix64) -> (String, RxTimeInterval) {
        let seconds = rng.int(1...30)
        return ("\(seconds)", .seconds(seconds))
    }

    /// Wraps `upstream` in one random operator from the catalogue.
    static func randomStage(_ upstream: Observable<Int>, _ rng: inout SplitMix64, scheduler: TestScheduler) -> (name: String, observable: Observable<Int>) {
        switch rng.int(0...40) {
        case 0:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("merge(\(other.name))", Observable.merge(upstream, other.observable))
        case 1:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("concat(\(other.name))", upstream.concat(other.observable))
        case 2:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("zip(\(other.name))", Observable.zip(upstream, other.observable) { $0 &+ $1 })
        case 3:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("combineLatest(\(other.name))", Observable.combineLatest(upstream, other.observable) { $0 &+ $1 })
        case 4:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("withLatestFrom(\(other.name))", upstream.withLatestFrom(other.observable) { $0 &+ $1 })
        case 5:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("amb(\(other.name))", upstream.amb(other.observable))
        case 6:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("take(until: \(other.name))", upstream.take(until: other.observable))
        case 7:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("skip(until: \(other.name))", upstream.skip(until: other.observable))
        case 8:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("sample(\(other.name))", upstream.sample(other.observable))
        case 9:
            let (name, due) = span(&rng)
            return ("flatMap { timer(\(name)) }", upstream.flatMap { value in
                Observable<Int>.timer(due, scheduler: scheduler).map { _ in value }
            })
        case 10:
            let (name, due) = span(&rng)
            return ("flatMapLatest { timer(\(name)) }", upstream.flatMapLatest { value in
                Observable<Int>.timer(due, scheduler: scheduler).map { _ in value }
            })
        case 11:
            let (name, due) = span(&rng)
            return ("concatMap { timer(\(name)) }", upstream.concatMap { value in
                Observable<Int>.timer(due, scheduler: scheduler).map { _ in value }
            })
        case 12:
            let (name, due) = span(&rng)
            return ("flatMapFirst { timer(\(name)) }", upstream.flatMapFirst { value in
                Observable<Int>.timer(due, scheduler: scheduler).map { _ in value }
            })
        case 13:
            let (name, due) = span(&rng)
            let limit = rng.int(1...2)
            return ("map { timer(\(name)) }.merge(maxConcurrent: \(limit))", upstream.map { value in
                Observable<Int>.timer(due, scheduler: scheduler).map { _ in value }
            }.merge(maxConcurrent: limit))
        case 14:
            let (name, due) = span(&rng)
            return ("map { timer(\(name)) }.switchLatest", upstream.map { value in
                Observable<Int>.timer(due, scheduler: scheduler).map { _ in value }
            }.switchLatest())
        case 15:
            let (name, due) = span(&rng)
            return ("debounce(\(name))", upstream.debounce(due, scheduler: scheduler))
        case 16:
            let (name, due) = span(&rng)
            let latest = rng.chance(50)
            return ("throttle(\(name), latest: \(latest))", upstream.throttle(due, latest: latest, scheduler: scheduler))
        case 17:
            let (name, due) = span(&rng)
            return ("delay(\(name))", upstream.delay(due, scheduler: scheduler))
        case 18:
            let (name, due) = span(&rng)
            return ("delaySubscription(\(name))", upstream.delaySubscription(due, scheduler: scheduler))
        case 19:
            let (name, due) = span(&rng)
            return ("timeout(\(name))", upstream.timeout(due, scheduler: scheduler))
        case 20:
            let (name, due) = span(&rng)
            let other = randomSource(&rng, scheduler: scheduler)
            return ("timeout(\(name), other: \(other.name))", upstream.timeout(due, other: other.observable, scheduler: scheduler))
        case 21:
            let (name, due) = span(&rng)
            return ("take(for: \(name))", upstream.take(for: due, scheduler: scheduler))
        case 22:
            let (name, due) = span(&rng)
            return ("skip(\(name))", upstream.skip(due, scheduler: scheduler))
        case 23:
            let (name, due) = span(&rng)
            let count = rng.int(1...3)
            return ("buffer(timeSpan: \(name), count: \(count)).map(sum)", upstream.buffer(timeSpan: due, count: count, scheduler: scheduler).map { $0.reduce(0, &+) })
        case 24:
            let (name, due) = span(&rng)
            let count = rng.int(1...3)
            return ("window(timeSpan: \(name), count: \(count)).flatMap(reduce)", upstream.window(timeSpan: due, count: count, scheduler: scheduler).flatMap { $0.reduce(0, accumulator: &+) })
        case 25:
            let attempts = rng.int(1...3)
            return ("retry(\(attempts))", upstream.retry(attempts))
        case 26:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("catch { \(other.name) }", upstream.catch { _ in other.observable })
        case 27:
            let replay = rng.int(0...2)
            let shared = upstream.share(replay: replay, scope: rng.chance(50) ? .whileConnected : .forever)
            return ("share(replay: \(replay)) twice", Observable.merge(shared, shared.map { $0 + 1000 }))
        case 28:
            let shared = upstream.publish().refCount()
            return ("publish.refCount twice", Observable.merge(shared, shared.map { $0 + 1000 }))
        case 29:
            return ("observe(on: test)", upstream.observe(on: scheduler))
        case 30:
            return ("subscribe(on: test)", upstream.subscribe(on: scheduler))
        case 31:
            return ("groupBy(%2).flatMap", upstream.groupBy(keySelector: { $0 % 2 }).flatMap { $0 })
        case 32:
            let other = randomSource(&rng, scheduler: scheduler)
            return ("ifEmpty(switchTo: \(other.name))", upstream.ifEmpty(switchTo: other.observable))
        case 33:
            let (name, due) = span(&rng)
            return ("flatMap { interval(\(name)).take(2) }", upstream.flatMap { value in
                Observable<Int>.interval(due, scheduler: scheduler).take(2).map { $0 + value }
            })
        default:
            var unused = false
            let stage = SyncCatalogue.randomStage(&rng, mayEmitOnSubscribe: &unused)
            return (stage.name, stage.apply(upstream))
        }
    }
}
