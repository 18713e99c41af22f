import Ripple
import RippleTest

// The catalogue: every operator of the README's module table, and the everyday ones
// around them, each with the inputs a learner needs. Every diagram is drawn from the run
// of the code in its operator box; one column of a source's text diagram is 10 ticks,
// and the result is subscribed at 200 and disposed at 400 unless it ends sooner.

/// Every example, in the order of the overview article.
func catalogue() -> [MarbleExample] {
    creationExamples() + transformingExamples() + filteringExamples() + combiningExamples()
        + errorExamples() + utilityExamples() + timeExamples() + schedulerExamples() + sharingExamples()
        + traitExamples()
}

/// An `[Int]` as one short label: `[1,2]`.
private func list(_ elements: [Int]) -> String {
    "[" + elements.map(String.init).joined(separator: ",") + "]"
}

/// An event as a label: its element, `error` or `done`.
private func event(_ event: Event<Int>) -> String {
    switch event {
    case .next(let element): "next(\(element))"
    case .error: "error"
    case .completed: "completed"
    }
}

/// A Driver or Signal made by `make` on `scheduler` instead of the main queue, unconnected.
/// It takes its scheduler when it is made, so the mock must be in place then, not later
/// when it is subscribed to.
private func mockingTheMainScheduler(
    _ scheduler: TestScheduler, _ make: () -> Observable<Int>
) -> (shared: Observable<Int>, connect: (() -> Disposable)?) {
    var shared = Observable<Int>.never()
    SharingScheduler.mock(scheduler: scheduler) { shared = make() }
    return (shared, nil)
}

/// A resource for `using` that reports when it is disposed of.
private final class Resource: Disposable {
    private let closed: () -> Void

    init(closed: @escaping () -> Void) {
        self.closed = closed
    }

    func dispose() {
        closed()
    }
}

private func creationExamples() -> [MarbleExample] {
    [
        creation("just", symbol: "Ripple/ObservableType/just(_:)",
                 caption: "just sends its one element and completes, at the moment of subscription.",
                 code: "Observable.just(1)") { _ in Observable.just(1) },
        creation("of", symbol: "Ripple/ObservableType/of(_:scheduler:)",
                 caption: "of sends its elements one after another, all at the moment of subscription (stacked here), then completes.",
                 code: "Observable.of(1, 2, 3)") { _ in Observable.of(1, 2, 3) },
        creation("empty", symbol: "Ripple/ObservableType/empty()",
                 caption: "empty completes at once, with no element.",
                 code: "Observable<Int>.empty()") { _ in Observable<Int>.empty() },
        creation("never", symbol: "Ripple/ObservableType/never()",
                 caption: "never sends nothing and never ends: only disposal stops it.",
                 code: "Observable<Int>.never()", end: 400) { _ in Observable<Int>.never() },
        creation("error", symbol: "Ripple/ObservableType/error(_:)",
                 caption: "error fails at once.",
                 code: "Observable<Int>.error(MarbleError())") { _ in Observable<Int>.error(MarbleError()) },
        creation("range", symbol: "Ripple/ObservableType/range(start:count:scheduler:)",
                 caption: "range sends count consecutive integers, all at subscription, then completes.",
                 code: "Observable.range(start: 1, count: 3)") { _ in Observable.range(start: 1, count: 3) },
        creation("timer", symbol: "Ripple/ObservableType/timer(_:period:scheduler:)",
                 caption: "timer sends 0 once its due time has passed after subscription, then completes.",
                 code: "Observable<Int>.timer(.seconds(50), scheduler: scheduler)") { scheduler in
            Observable<Int>.timer(.seconds(50), scheduler: scheduler)
        },
        creation("generate", symbol: "Ripple/ObservableType/generate(initialState:condition:scheduler:iterate:isolation:)",
                 caption: "generate sends its state while the condition holds, iterating from the initial state, then completes; all at subscription (stacked here).",
                 code: "Observable.generate(initialState: 1, condition: { $0 < 30 }, iterate: { $0 * 3 })") { _ in
            Observable.generate(initialState: 1, condition: { $0 < 30 }, iterate: { $0 * 3 })
        },
        creation("repeatElement", symbol: "Ripple/ObservableType/repeatElement(_:scheduler:)",
                 caption: "repeatElement sends its element again and again without end; take(3) stops it after three, all at subscription (stacked here).",
                 code: "Observable.repeatElement(7).take(3)") { _ in Observable.repeatElement(7).take(3) },
        probed("deferred", .creation, symbol: "Ripple/ObservableType/deferred(_:isolation:)",
               caption: "deferred calls its factory at each subscription, not before (the factory timeline), and subscribes to the sequence it returns: a cold source starts then.",
               code: "Observable.deferred { source }", input: cold("-1-2-|"), probe: "factory") { source, probe in
            Observable.deferred {
                probe("run")
                return source
            }
        },
        probed("using", .creation, symbol: "Ripple/ObservableType/using(_:observableFactory:isolation:)",
               caption: "using makes a resource at subscription (open) and disposes of it as soon as the subscription ends (close), here when the sequence completes.",
               code: "Observable.using({ Resource() }, observableFactory: { _ in source })", input: cold("-1-2-|"), probe: "resource") { source, probe in
            Observable.using({
                probe("open")
                return Resource { probe("close") }
            }, observableFactory: { _ in source })
        },
        creation("interval", symbol: "Ripple/ObservableType/interval(_:scheduler:)",
                 caption: "interval counts 0, 1, 2, … once per period after subscription, until disposed.",
                 code: "Observable<Int>.interval(.seconds(50), scheduler: scheduler)", end: 400) { scheduler in
            Observable<Int>.interval(.seconds(50), scheduler: scheduler)
        },
    ]
}

private func transformingExamples() -> [MarbleExample] {
    [
        unary("map", .transforming, symbol: "Ripple/ObservableType/map(_:isolation:)",
              caption: "map sends each element transformed, at the time it arrives.",
              code: "map { $0 * 10 }", input: hot("-1-2--3-|")) { source, _ in source.map { $0 * 10 } },
        unary("compactMap", .transforming, symbol: "Ripple/ObservableType/compactMap(_:isolation:)",
              caption: "compactMap sends the transformed elements that are not nil.",
              code: "compactMap { Int($0) }", input: hotLetters("-1-x-2-y-|")) { source, _ in source.compactMap { Int($0) } },
        unary("scan", .transforming, symbol: "Ripple/ObservableType/scan(_:accumulator:isolation:)",
              caption: "scan sends every intermediate result of the accumulator.",
              code: "scan(0, accumulator: +)", input: hot("-1-2-3-|")) { source, _ in source.scan(0, accumulator: +) },
        unary("reduce", .transforming, symbol: "Ripple/ObservableType/reduce(_:accumulator:isolation:)",
              caption: "reduce sends only the final result, when the source completes.",
              code: "reduce(0, accumulator: +)", input: hot("-1-2-3-|")) { source, _ in source.reduce(0, accumulator: +) },
        unary("toArray", .transforming, symbol: "Ripple/ObservableType/toArray()",
              caption: "toArray collects every element and sends the array when the source completes (a Single).",
              code: "toArray()", input: hot("-1-2-3-|"), label: list) { source, _ in source.toArray().asObservable() },
        unary("startWith", .transforming, symbol: "Ripple/ObservableType/startWith(_:)",
              caption: "startWith sends its elements at subscription, before the source's.",
              code: "startWith(0)", input: hot("--1-2-|")) { source, _ in source.startWith(0) },
        binary("flatMap", .transforming, symbol: "Ripple/ObservableType/flatMap(_:isolation:)",
               caption: "flatMap subscribes to an inner sequence for every element and merges them all; it completes when the source and every inner sequence have.",
               code: "flatMap { x in inner.map { \"\\(x)\\($0)\" } }",
               inputs: hotLetters("-a----b----|"), cold("-1--2--|", name: "inner")) { source, inner, _ in
            source.flatMap { letter in inner.map { "\(letter)\($0)" } }
        },
        binary("flatMapLatest", .transforming, symbol: "Ripple/ObservableType/flatMapLatest(_:isolation:)",
               caption: "flatMapLatest disposes of the previous inner sequence when a new element arrives: a1's successor a2 is never sent.",
               code: "flatMapLatest { x in inner.map { \"\\(x)\\($0)\" } }",
               inputs: hotLetters("-a--b-----|"), cold("-1--2--|", name: "inner")) { source, inner, _ in
            source.flatMapLatest { letter in inner.map { "\(letter)\($0)" } }
        },
        binary("flatMapFirst", .transforming, symbol: "Ripple/ObservableType/flatMapFirst(_:isolation:)",
               caption: "flatMapFirst ignores the elements that arrive while an inner sequence is running: b is dropped, c starts a new one.",
               code: "flatMapFirst { x in inner.map { \"\\(x)\\($0)\" } }",
               inputs: hotLetters("-a--b-----c-----|"), cold("-1--2--|", name: "inner")) { source, inner, _ in
            source.flatMapFirst { letter in inner.map { "\(letter)\($0)" } }
        },
        binary("concatMap", .transforming, symbol: "Ripple/ObservableType/concatMap(_:isolation:)",
               caption: "concatMap subscribes to the next inner sequence only when the previous one completes.",
               code: "concatMap { x in inner.map { \"\\(x)\\($0)\" } }",
               inputs: hotLetters("-a-b------|"), cold("-1--2--|", name: "inner")) { source, inner, _ in
            source.concatMap { letter in inner.map { "\(letter)\($0)" } }
        },
        unary("buffer", .transforming, symbol: "Ripple/ObservableType/buffer(timeSpan:count:scheduler:)",
              caption: "buffer sends the elements gathered over each time span, or as soon as count have arrived.",
              code: "buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler)", input: hot("-1-2-34567---8---|"),
              label: list) { source, scheduler in
            source.buffer(timeSpan: .seconds(50), count: 3, scheduler: scheduler)
        },
        unary("window", .transforming, symbol: "Ripple/ObservableType/window(timeSpan:count:scheduler:)",
              caption: "window is buffer with a sequence per window instead of an array; here each window is collected to show what it held.",
              code: "window(timeSpan: .seconds(50), count: 3, scheduler: scheduler).flatMap { $0.toArray() }", input: hot("-1-2-34567---8---|"),
              label: list) { source, scheduler in
            source.window(timeSpan: .seconds(50), count: 3, scheduler: scheduler).flatMap { $0.toArray() }
        },
        unary("groupBy", .transforming, symbol: "Ripple/ObservableType/groupBy(keySelector:isolation:)",
              caption: "groupBy sends a new group, a sequence with a key, the first time an element has that key, and each element into its group; here flatMap merges the groups back, marking each element with its group's key.",
              code: "groupBy { $0 % 2 == 0 ? \"even\" : \"odd\" }.flatMap { group in group.map { \"\\(group.key) \\($0)\" } }",
              input: hot("-1-2-3-4-5-|")) { source, _ in
            source.groupBy { $0 % 2 == 0 ? "even" : "odd" }.flatMap { group in group.map { "\(group.key) \($0)" } }
        },
        unary("materialize", .transforming, symbol: "Ripple/ObservableType/materialize()",
              caption: "materialize turns every event into an element, the error too, and then completes: the error no longer ends the chain.",
              code: "materialize()", input: hot("-1---2---#"), label: event) { source, _ in source.materialize() },
        unary("dematerialize", .transforming, symbol: "Ripple/ObservableType/dematerialize()",
              caption: "dematerialize is materialize undone: event elements become events again.",
              code: "materialize().dematerialize()", input: hot("-1-2-#")) { source, _ in source.materialize().dematerialize() },
    ]
}

private func filteringExamples() -> [MarbleExample] {
    [
        unary("filter", .filtering, symbol: "Ripple/ObservableType/filter(_:isolation:)",
              caption: "filter lets through the elements that pass the predicate.",
              code: "filter { $0 % 2 == 0 }", input: hot("-1-2-3-4-|")) { source, _ in source.filter { $0 % 2 == 0 } },
        unary("distinctUntilChanged", .filtering, symbol: "Ripple/ObservableType/distinctUntilChanged()",
              caption: "distinctUntilChanged drops an element equal to the one before it.",
              code: "distinctUntilChanged()", input: hot("-1-1-2-2-1-|")) { source, _ in source.distinctUntilChanged() },
        unary("take", .filtering, symbol: "Ripple/ObservableType/take(_:)",
              caption: "take(2) completes after the second element and disposes of the source then.",
              code: "take(2)", input: hot("-1-2-3-4-|")) { source, _ in source.take(2) },
        unary("takeLast", .filtering, symbol: "Ripple/ObservableType/takeLast(_:)",
              caption: "takeLast waits for completion, then sends the last elements.",
              code: "takeLast(2)", input: hot("-1-2-3-4-|")) { source, _ in source.takeLast(2) },
        unary("takeWhile", .filtering, symbol: "Ripple/ObservableType/take(while:behavior:isolation:)",
              caption: "take(while:) completes at the first element that fails the predicate.",
              code: "take(while: { $0 < 3 })", input: hot("-1-2-3-1-|")) { source, _ in source.take(while: { $0 < 3 }) },
        binary("takeUntil", .filtering, symbol: "Ripple/ObservableType/take(until:)-(Source)",
               caption: "take(until:) completes when the other sequence sends, and disposes of both.",
               code: "take(until: other)", inputs: hot("-1-2-3-4-|"), hot("----0---", name: "other")) { source, other, _ in
            source.take(until: other)
        },
        unary("skip", .filtering, symbol: "Ripple/ObservableType/skip(_:)",
              caption: "skip drops the first elements.",
              code: "skip(2)", input: hot("-1-2-3-4-|")) { source, _ in source.skip(2) },
        unary("skipWhile", .filtering, symbol: "Ripple/ObservableType/skip(while:isolation:)",
              caption: "skip(while:) drops elements until one fails the predicate, then lets everything through.",
              code: "skip(while: { $0 < 3 })", input: hot("-1-2-3-1-|")) { source, _ in source.skip(while: { $0 < 3 }) },
        binary("skipUntil", .filtering, symbol: "Ripple/ObservableType/skip(until:)",
               caption: "skip(until:) drops elements until the other sequence sends.",
               code: "skip(until: other)", inputs: hot("-1-2-3-4-|"), hot("----0---", name: "other")) { source, other, _ in
            source.skip(until: other)
        },
        unary("elementAt", .filtering, symbol: "Ripple/ObservableType/element(at:)",
              caption: "element(at:) sends the element at an index, then completes.",
              code: "element(at: 1)", input: hot("-4-5-6-|")) { source, _ in source.element(at: 1) },
        unary("first", .filtering, symbol: "Ripple/ObservableType/first()",
              caption: "first is a Single of the first element (nil for an empty source); it disposes of the source after it.",
              code: "first()", input: hot("-1-2-3-|"), label: { (element: Int?) in element.map(String.init) ?? "nil" }) { source, _ in
            source.first().asObservable()
        },
        unary("ignoreElements", .filtering, symbol: "Ripple/ObservableType/ignoreElements()",
              caption: "ignoreElements keeps only completion or error.",
              code: "ignoreElements()", input: hot("-1-2-3-|")) { source, _ in
            source.ignoreElements()
        },
        unary("ifEmptyDefault", .filtering, symbol: "Ripple/ObservableType/ifEmpty(default:)",
              caption: "ifEmpty(default:) sends a default element when the source completes without any.",
              code: "ifEmpty(default: 0)", input: hot("----|")) { source, _ in source.ifEmpty(default: 0) },
        binary("ifEmptySwitchTo", .filtering, symbol: "Ripple/ObservableType/ifEmpty(switchTo:)",
               caption: "ifEmpty(switchTo:) subscribes to another sequence when the source completes empty.",
               code: "ifEmpty(switchTo: other)", inputs: hot("----|"), cold("-8-9-|", name: "other")) { source, other, _ in
            source.ifEmpty(switchTo: other)
        },
        unary("single", .filtering, symbol: "Ripple/ObservableType/single()",
              caption: "single fails as soon as a second element arrives.",
              code: "single()", input: hot("-1-2-|")) { source, _ in source.single() },
        binary("sample", .filtering, symbol: "Ripple/ObservableType/sample(_:defaultValue:)",
               caption: "sample sends the latest element when the sampler ticks, if a new one arrived since the last tick.",
               code: "sample(sampler)", inputs: hot("-12--3-----4-|"), hot("---0---0---0---0", name: "sampler")) { source, sampler, _ in
            source.sample(sampler)
        },
    ]
}

private func combiningExamples() -> [MarbleExample] {
    [
        binary("merge", .combining, symbol: "Ripple/ObservableType/merge(_:)-(Observable<Self.Element>...)",
               caption: "merge sends every element of every source as it arrives, and completes when all have.",
               code: "Observable.merge(first, second)", inputs: hot("-1---2---|", name: "first"), hot("---8---9--|", name: "second")) { first, second, _ in
            Observable.merge(first, second)
        },
        binary("mergeMaxConcurrent", .combining, symbol: "Ripple/ObservableType/merge(maxConcurrent:)",
               caption: "merge(maxConcurrent: 2) subscribes to at most two inner sequences at a time: c waits until a completes.",
               code: "source.map { x in inner.map { \"\\(x)\\($0)\" } }.merge(maxConcurrent: 2)",
               inputs: hotLetters("-a-b-c---|"), cold("-1--2--|", name: "inner")) { source, inner, _ in
            source.map { letter in inner.map { "\(letter)\($0)" } }.merge(maxConcurrent: 2)
        },
        binary("concat", .combining, symbol: "Ripple/ObservableType/concat(_:)-method",
               caption: "concat subscribes to the second sequence only when the first completes; a cold second sequence starts then.",
               code: "first.concat(second)", inputs: cold("-1-2-|", name: "first"), cold("-8-9-|", name: "second")) { first, second, _ in
            first.concat(second)
        },
        binary("zip", .combining, symbol: "Ripple/ObservableType/zip(_:_:resultSelector:isolation:)",
               caption: "zip pairs the n-th elements of each source; it completes once a completed source's elements are all paired.",
               code: "Observable.zip(first, second) { \"\\($0)\\($1)\" }",
               inputs: hot("-1--2-3---|", name: "first"), hotLetters("--a-b---c--|", name: "second")) { first, second, _ in
            Observable.zip(first, second) { "\($0)\($1)" }
        },
        binary("combineLatest", .combining, symbol: "Ripple/ObservableType/combineLatest(_:_:resultSelector:isolation:)",
               caption: "combineLatest sends the latest of each source whenever any sends, once all have sent.",
               code: "Observable.combineLatest(first, second) { \"\\($0)\\($1)\" }",
               inputs: hot("-1--2-3---|", name: "first"), hotLetters("--a-b---c--|", name: "second")) { first, second, _ in
            Observable.combineLatest(first, second) { "\($0)\($1)" }
        },
        binary("zipTuples", .combining, symbol: "Ripple/ObservableType/zip(_:_:)",
               caption: "zip without a result selector sends the pairs as tuples (drawn here as their two elements side by side).",
               code: "Observable.zip(first, second)",
               inputs: hot("-1--2-3---|", name: "first"), hotLetters("--a-b---c--|", name: "second"),
               label: { "\($0.0)\($0.1)" }) { first, second, _ in
            Observable.zip(first, second)
        },
        binary("combineLatestTuples", .combining, symbol: "Ripple/ObservableType/combineLatest(_:_:)",
               caption: "combineLatest without a result selector sends the latest pair as a tuple (drawn here as its two elements side by side).",
               code: "Observable.combineLatest(first, second)",
               inputs: hot("-1--2-3---|", name: "first"), hotLetters("--a-b---c--|", name: "second"),
               label: { "\($0.0)\($0.1)" }) { first, second, _ in
            Observable.combineLatest(first, second)
        },
        binary("withLatestFrom", .combining, symbol: "Ripple/ObservableType/withLatestFrom(_:resultSelector:isolation:)",
               caption: "withLatestFrom sends, for each element of the source, the latest of the other; the other alone sends nothing.",
               code: "source.withLatestFrom(other) { \"\\($0)\\($1)\" }",
               inputs: hot("-1--2-3---|"), hotLetters("--a-b---c--|", name: "other")) { source, other, _ in
            source.withLatestFrom(other) { "\($0)\($1)" }
        },
        binary("switchLatest", .combining, symbol: "Ripple/ObservableType/switchLatest()",
               caption: "switchLatest follows the latest inner sequence, disposing of the one before.",
               code: "source.map { x in inner.map { \"\\(x)\\($0)\" } }.switchLatest()",
               inputs: hotLetters("-a--b-----|"), cold("-1--2--|", name: "inner")) { source, inner, _ in
            source.map { letter in inner.map { "\(letter)\($0)" } }.switchLatest()
        },
        binary("amb", .combining, symbol: "Ripple/ObservableType/amb(_:)-method",
               caption: "amb follows whichever source sends first and disposes of the other.",
               code: "first.amb(second)", inputs: hot("---1-2-|", name: "first"), hot("--8-9---|", name: "second")) { first, second, _ in
            first.amb(second)
        },
    ]
}

private func errorExamples() -> [MarbleExample] {
    [
        binary("catch", .errors, symbol: "Ripple/ObservableType/catch(_:isolation:)",
               caption: "catch replaces an error with the sequence its handler returns, subscribed at the time of the error.",
               code: "catch { _ in fallback }", inputs: hot("-1-2-#"), cold("-8-9-|", name: "fallback")) { source, fallback, _ in
            source.catch { _ in fallback }
        },
        unary("catchAndReturn", .errors, symbol: "Ripple/ObservableType/catchAndReturn(_:)",
              caption: "catchAndReturn replaces an error with one element and completion.",
              code: "catchAndReturn(0)", input: hot("-1-2-#")) { source, _ in source.catchAndReturn(0) },
        unary("retry", .errors, symbol: "Ripple/ObservableType/retry(_:)",
              caption: "retry(3) subscribes again after an error, three attempts in all; the last attempt's error goes through. Each attempt replays the cold source.",
              code: "retry(3)", input: cold("-1-2-#")) { source, _ in source.retry(3) },
        unary("retrySuccess", .errors, symbol: "Ripple/ObservableType/retry()",
              caption: "retry() subscribes again after every error, without limit; completion ends it.",
              code: "retry()", input: hot("-1-#-2-|")) { source, _ in source.retry() },
        unary("retryWhen", .errors, symbol: "Ripple/ObservableType/retry(when:isolation:)-4ghfe",
              caption: "retry(when:) hands the errors to its handler and subscribes again each time the handler's sequence sends: here 20 ticks after each error. After two, take(2) completes that sequence; the attempt under way runs on, and its failure completes the result instead of failing it.",
              code: "retry(when: { errors in errors.delay(.seconds(20), scheduler: scheduler).take(2) })",
              input: cold("-1-2-#")) { source, scheduler in
            source.retry(when: { (errors: Observable<Error>) in errors.delay(.seconds(20), scheduler: scheduler).take(2) })
        },
    ]
}

private func utilityExamples() -> [MarbleExample] {
    [
        probed("do", .utility, symbol: "Ripple/ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:)",
               caption: "do runs its closures as the events pass (the onNext timeline records each call) and passes every event on unchanged.",
               code: "do(onNext: { log($0) })", input: hot("-1-2-3-|"), probe: "onNext") { source, probe in
            source.do(onNext: { probe("\($0)") })
        },
        unary("doThrows", .utility, symbol: "Ripple/ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:)",
              caption: "A do closure that throws ends the sequence with its error, in place of the element it was called for, and disposes of the source.",
              code: "do(onNext: { if $0 == 3 { throw MarbleError() } })", input: hot("-1-2-3-4-|")) { source, _ in
            source.do(onNext: { if $0 == 3 { throw MarbleError() } })
        },
    ]
}

private func timeExamples() -> [MarbleExample] {
    [
        unary("debounce", .time, symbol: "Ripple/ObservableType/debounce(_:scheduler:)",
              caption: "debounce sends an element once the source has been quiet for the due time: of the burst 1, 2 only 2; 5, still waiting at completion, is sent then.",
              code: "debounce(.seconds(20), scheduler: scheduler)", input: hot("-12----3--45|")) { source, scheduler in
            source.debounce(.seconds(20), scheduler: scheduler)
        },
        unary("throttle", .time, symbol: "Ripple/ObservableType/throttle(_:latest:scheduler:)",
              caption: "throttle sends the first element at once, then at most one per due time: the latest that arrived meanwhile.",
              code: "throttle(.seconds(30), scheduler: scheduler)", input: hot("-12-3----4----5-|")) { source, scheduler in
            source.throttle(.seconds(30), scheduler: scheduler)
        },
        unary("delay", .time, symbol: "Ripple/ObservableType/delay(_:scheduler:)",
              caption: "delay shifts every element and completion by the due time; an error is not delayed.",
              code: "delay(.seconds(30), scheduler: scheduler)", input: hot("-1-2--3-|")) { source, scheduler in
            source.delay(.seconds(30), scheduler: scheduler)
        },
        unary("delaySubscription", .time, symbol: "Ripple/ObservableType/delaySubscription(_:scheduler:)",
              caption: "delaySubscription subscribes to the source only after the due time; a cold source starts then.",
              code: "delaySubscription(.seconds(30), scheduler: scheduler)", input: cold("-1-2-|")) { source, scheduler in
            source.delaySubscription(.seconds(30), scheduler: scheduler)
        },
        unary("timeout", .time, symbol: "Ripple/ObservableType/timeout(_:scheduler:)",
              caption: "timeout fails when no element arrives within the due time of the previous one (or of subscription).",
              code: "timeout(.seconds(30), scheduler: scheduler)", input: hot("-1-2------3-|")) { source, scheduler in
            source.timeout(.seconds(30), scheduler: scheduler)
        },
        unary("takeFor", .time, symbol: "Ripple/ObservableType/take(for:scheduler:)",
              caption: "take(for:) completes when the duration has passed since subscription.",
              code: "take(for: .seconds(45), scheduler: scheduler)", input: hot("-1-2-3-4-|")) { source, scheduler in
            source.take(for: .seconds(45), scheduler: scheduler)
        },
        unary("skipFor", .time, symbol: "Ripple/ObservableType/skip(_:scheduler:)",
              caption: "skip(_:scheduler:) drops the elements sent before the duration has passed.",
              code: "skip(.seconds(45), scheduler: scheduler)", input: hot("-1-2-3-4-|")) { source, scheduler in
            source.skip(.seconds(45), scheduler: scheduler)
        },
    ]
}

private func schedulerExamples() -> [MarbleExample] {
    [
        unary("observeOn", .schedulers, symbol: "Ripple/ObservableType/observe(on:)",
              caption: "observe(on:) delivers every event through the scheduler: on a TestScheduler, one tick later.",
              code: "observe(on: scheduler)", input: hot("-1-2-|")) { source, scheduler in
            source.observe(on: scheduler)
        },
        unary("subscribeOn", .schedulers, symbol: "Ripple/ObservableType/subscribe(on:)",
              caption: "subscribe(on:) subscribes (and disposes) through the scheduler: the cold source starts one tick later.",
              code: "subscribe(on: scheduler)", input: cold("-1-2-|")) { source, scheduler in
            source.subscribe(on: scheduler)
        },
    ]
}

private func sharingExamples() -> [MarbleExample] {
    [
        sharing("publish", symbol: "Ripple/ObservableType/publish()",
                caption: "publish shares one subscription to the source from connect on; a subscriber sees only what is sent while it is subscribed.",
                code: "publish(), connected at 200", input: hot("-1-2-3-4-5-|"),
                subscribers: [("first", 200, 400), ("second", 235, 400)], connectAt: 200) { source, _ in
            let published = source.publish()
            return (published.asObservable(), { published.connect() })
        },
        sharing("replay", symbol: "Ripple/ObservableType/replay(_:)",
                caption: "replay(2) is publish that also sends a late subscriber the last two elements.",
                code: "replay(2), connected at 200", input: hot("-1-2-3-4-5-|"),
                subscribers: [("first", 200, 400), ("second", 255, 400)], connectAt: 200) { source, _ in
            let replayed = source.replay(2)
            return (replayed.asObservable(), { replayed.connect() })
        },
        sharing("refCount", symbol: "Ripple/ConnectableObservableType/refCount()",
                caption: "refCount connects at the first subscriber and disconnects when the last one leaves.",
                code: "publish().refCount()", input: hot("-1-2-3-4-5-6-|"),
                subscribers: [("first", 205, 265), ("second", 235, 295)]) { source, _ in
            (source.publish().refCount(), nil)
        },
        sharing("share", symbol: "Ripple/ObservableType/share(replay:scope:)",
                caption: "share(replay: 1) subscribes once for all subscribers and sends a new subscriber the latest element.",
                code: "share(replay: 1)", input: hot("-1-2-3-4-5-|"),
                subscribers: [("first", 200, 400), ("second", 255, 400)]) { source, _ in
            (source.share(replay: 1), nil)
        },
    ]
}

private func traitExamples() -> [MarbleExample] {
    [
        unary("asSingle", .traits, symbol: "Ripple/ObservableType/asSingle()",
              caption: "asSingle sends the one element when the source completes: a Single succeeds once.",
              code: "asSingle()", input: hot("---1---|")) { source, _ in source.asSingle().asObservable() },
        unary("asSingleTwoElements", .traits, symbol: "Ripple/ObservableType/asSingle()",
              caption: "asSingle fails as soon as a second element arrives (and fails on an empty source at completion): a Single has exactly one element.",
              code: "asSingle()", input: hot("---1-2-|")) { source, _ in source.asSingle().asObservable() },
        unary("asMaybe", .traits, symbol: "Ripple/ObservableType/asMaybe()",
              caption: "asMaybe sends the element, if there was one, when the source completes.",
              code: "asMaybe()", input: hot("---1---|")) { source, _ in source.asMaybe().asObservable() },
        unary("asMaybeEmpty", .traits, symbol: "Ripple/ObservableType/asMaybe()",
              caption: "asMaybe of an empty source just completes: a Maybe has zero or one element (two fail, as with asSingle).",
              code: "asMaybe()", input: hot("-------|")) { source, _ in source.asMaybe().asObservable() },
        binary("andThen", .traits, symbol: "Ripple/PrimitiveSequenceType/andThen(_:)->Observable<Element>",
               caption: "andThen subscribes to the next sequence when the Completable completes: a cold next sequence starts then.",
               code: "first.ignoreElements().asCompletable().andThen(next)",
               inputs: hot("-1--|", name: "first"), cold("-8-9-|", name: "next")) { first, next, _ in
            first.ignoreElements().asCompletable().andThen(next)
        },
        binary("andThenError", .traits, symbol: "Ripple/PrimitiveSequenceType/andThen(_:)->Observable<Element>",
               caption: "When the Completable fails, andThen passes the error on and never subscribes to the next sequence.",
               code: "first.ignoreElements().asCompletable().andThen(next)",
               inputs: hot("-1--#", name: "first"), cold("-8-9-|", name: "next")) { first, next, _ in
            first.ignoreElements().asCompletable().andThen(next)
        },
        unary("asInfallible", .traits, symbol: "Ripple/ObservableConvertibleType/asInfallible(onErrorJustReturn:)",
              caption: "asInfallible(onErrorJustReturn:) turns an error into one last element and completion: an Infallible never fails.",
              code: "asInfallible(onErrorJustReturn: 0)", input: hot("-1-2-#")) { source, _ in
            source.asInfallible(onErrorJustReturn: 0).asObservable()
        },
        sharing("asDriver", category: .traits, symbol: "Ripple/ObservableConvertibleType/asDriver(onErrorJustReturn:)",
                caption: "A Driver never fails (an error becomes the onErrorJustReturn element and completion), delivers on the main scheduler (here the test scheduler, one tick later) and shares one subscription, replaying the latest element to a new subscriber.",
                code: "asDriver(onErrorJustReturn: 0), main scheduler mocked", input: hot("-1-2---#"),
                subscribers: [("first", 200, 400), ("second", 245, 400)]) { source, scheduler in
            mockingTheMainScheduler(scheduler) { source.asDriver(onErrorJustReturn: 0).asObservable() }
        },
        sharing("asSignal", category: .traits, symbol: "Ripple/ObservableConvertibleType/asSignal(onErrorJustReturn:)",
                caption: "A Signal is a Driver for events rather than state: it shares one subscription but replays nothing, so a new subscriber sees only what comes after it.",
                code: "asSignal(onErrorJustReturn: 0), main scheduler mocked", input: hot("-1-2---#"),
                subscribers: [("first", 200, 400), ("second", 245, 400)]) { source, scheduler in
            mockingTheMainScheduler(scheduler) { source.asSignal(onErrorJustReturn: 0).asObservable() }
        },
    ]
}

/// Operators a reader of one page should compare it with, by example name: each page's
/// "See Also" lists the other members of every group its examples are in.
let relatedExamples: [[String]] = [
    ["just", "of", "empty", "never", "error"],
    ["range", "generate", "repeatElement", "of"],
    ["timer", "interval", "delaySubscription"],
    ["deferred", "using"],
    ["map", "compactMap", "scan", "flatMap"],
    ["scan", "reduce", "toArray"],
    ["flatMap", "flatMapLatest", "flatMapFirst", "concatMap", "switchLatest"],
    ["buffer", "window", "groupBy"],
    ["materialize", "dematerialize", "catch"],
    ["filter", "compactMap", "distinctUntilChanged"],
    ["take", "takeLast", "takeWhile", "takeUntil", "takeFor", "first"],
    ["skip", "skipWhile", "skipUntil", "skipFor"],
    ["elementAt", "first", "single", "ignoreElements"],
    ["ifEmptyDefault", "ifEmptySwitchTo"],
    ["debounce", "throttle", "sample"],
    ["delay", "delaySubscription", "timeout"],
    ["merge", "mergeMaxConcurrent", "concat", "amb", "startWith"],
    ["zip", "combineLatest", "withLatestFrom"],
    ["catch", "catchAndReturn", "retry", "retryWhen", "timeout"],
    ["do", "doThrows"],
    ["observeOn", "subscribeOn"],
    ["publish", "replay", "refCount", "share"],
    ["asSingle", "asMaybe", "asInfallible"],
    ["asDriver", "asSignal", "asInfallible"],
    ["andThen", "concat"],
]
