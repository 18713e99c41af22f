import Ripple
import RippleTest

/// One diagram of the catalogue: an operator applied to scripted inputs, run on a
/// `TestScheduler`, and drawn from what was recorded.
struct MarbleExample {
    /// The file name of the picture, without `.svg`.
    let name: String
    /// The section of the overview article.
    let category: Category
    /// The DocC link of the documented symbol (`Ripple/ObservableType/map(_:isolation:)`), without
    /// the double backquotes; the picture is added to that symbol's page.
    let symbol: String
    /// What the diagram shows a learner, in a sentence.
    let caption: String
    /// Runs the example on a fresh scheduler and draws it.
    let draw: (TestScheduler) -> MarbleSVG

    enum Category: String, CaseIterable {
        case creation = "Creating"
        case transforming = "Transforming"
        case filtering = "Filtering"
        case combining = "Combining"
        case errors = "Handling Errors"
        case utility = "Utility"
        case time = "Time"
        case schedulers = "Schedulers"
        case sharing = "Sharing"
        case traits = "Traits"
    }

    /// Draws the example on a scheduler whose clock starts at 0.
    func diagram() -> MarbleSVG {
        draw(TestScheduler(initialClock: 0))
    }
}

/// A scripted source of an example: its name on the diagram and how to make it.
struct Input<Element> {
    let name: String
    let make: (TestScheduler) -> TestableObservable<Element>
}

/// The element each digit of a diagram stands for.
private let digits: [Character: Int] = Dictionary(uniqueKeysWithValues: (0...9).map { (Character(String($0)), $0) })

/// A hot source of integers: each digit of `marbles` sends itself.
func hot(_ marbles: String, name: String = "source") -> Input<Int> {
    Input(name: name) { $0.createHotObservable(marbles, values: digits) }
}

/// A cold source of integers: each digit of `marbles` sends itself, relative to each subscription.
func cold(_ marbles: String, name: String = "source") -> Input<Int> {
    Input(name: name) { $0.createColdObservable(marbles, values: digits) }
}

/// A hot source of strings: each letter of `marbles` sends itself.
func hotLetters(_ marbles: String, name: String = "source") -> Input<String> {
    Input(name: name) { $0.createHotObservable(marbles) }
}

/// A cold source of strings: each letter of `marbles` sends itself, relative to each subscription.
func coldLetters(_ marbles: String, name: String = "source") -> Input<String> {
    Input(name: name) { $0.createColdObservable(marbles) }
}

/// The result's name on every diagram.
let resultName = "result"

/// An example with one input: `apply` builds the operator over it.
func unary<In, Out>(
    _ name: String, _ category: MarbleExample.Category, symbol: String, caption: String,
    code: String, input: Input<In>, disposed: TestTime = 400,
    label: @escaping (Out) -> String = { "\($0)" },
    _ apply: @escaping (Observable<In>, TestScheduler) -> Observable<Out>
) -> MarbleExample {
    MarbleExample(name: name, category: category, symbol: symbol, caption: caption) { scheduler in
        let source = input.make(scheduler)
        let observer = scheduler.start(disposed: disposed) { apply(source.asObservable(), scheduler) }
        return MarbleSVG(
            inputs: MarbleSVG.Timeline.timelines(input.name, source: source),
            operator: code,
            outputs: [MarbleSVG.Timeline(resultName, observer: observer, disposed: disposed, label: label)]
        )
    }
}

/// An example with one input whose operator runs a closure of its own (`do`'s `onNext`,
/// `using`'s resource, `deferred`'s factory): `apply` gets a `probe` to call from that
/// closure, and each call is drawn as an element labelled with its argument on a third
/// timeline, `probeName`, at the virtual time it was made.
func probed<In, Out>(
    _ name: String, _ category: MarbleExample.Category, symbol: String, caption: String,
    code: String, input: Input<In>, probe probeName: String, disposed: TestTime = 400,
    _ apply: @escaping (Observable<In>, _ probe: @escaping (String) -> Void) -> Observable<Out>
) -> MarbleExample {
    MarbleExample(name: name, category: category, symbol: symbol, caption: caption) { scheduler in
        let source = input.make(scheduler)
        var calls: [Recorded<MarbleSVG.Timeline.Mark>] = []
        let probe = { (label: String) in calls.append(Recorded(time: scheduler.clock, value: .next(label))) }
        let observer = scheduler.start(disposed: disposed) { apply(source.asObservable(), probe) }
        return MarbleSVG(
            inputs: MarbleSVG.Timeline.timelines(input.name, source: source),
            operator: code,
            outputs: [
                MarbleSVG.Timeline(resultName, observer: observer, disposed: disposed),
                MarbleSVG.Timeline(probeName, marks: calls),
            ]
        )
    }
}

/// An example with two inputs: `apply` builds the operator over both.
func binary<First, Second, Out>(
    _ name: String, _ category: MarbleExample.Category, symbol: String, caption: String,
    code: String, inputs first: Input<First>, _ second: Input<Second>, disposed: TestTime = 400,
    label: @escaping (Out) -> String = { "\($0)" },
    _ apply: @escaping (Observable<First>, Observable<Second>, TestScheduler) -> Observable<Out>
) -> MarbleExample {
    MarbleExample(name: name, category: category, symbol: symbol, caption: caption) { scheduler in
        let one = first.make(scheduler)
        let two = second.make(scheduler)
        let observer = scheduler.start(disposed: disposed) { apply(one.asObservable(), two.asObservable(), scheduler) }
        return MarbleSVG(
            inputs: MarbleSVG.Timeline.timelines(first.name, source: one) + MarbleSVG.Timeline.timelines(second.name, source: two),
            operator: code,
            outputs: [MarbleSVG.Timeline(resultName, observer: observer, disposed: disposed, label: label)]
        )
    }
}

/// An example with no input: a creation operator, drawn from subscription to `end` (most
/// send everything at once, so the default shows a stretch of quiet after it).
func creation<Out>(
    _ name: String, symbol: String, caption: String, code: String, disposed: TestTime = 400, end: TestTime = 300,
    label: @escaping (Out) -> String = { "\($0)" },
    _ make: @escaping (TestScheduler) -> Observable<Out>
) -> MarbleExample {
    MarbleExample(name: name, category: .creation, symbol: symbol, caption: caption) { scheduler in
        let observer = scheduler.start(disposed: disposed) { make(scheduler) }
        return MarbleSVG(
            inputs: [],
            operator: code,
            outputs: [MarbleSVG.Timeline(resultName, observer: observer, disposed: disposed, label: label)],
            layout: MarbleSVG.Layout(start: TestScheduler.Defaults.subscribed, end: end)
        )
    }
}

/// An example where several observers subscribe to one shared sequence at different
/// times: `share` builds the shared sequence (on the run's scheduler) and returns what to
/// start when the subscribers are in place (a `connect`, or nothing).
func sharing(
    _ name: String, category: MarbleExample.Category = .sharing, symbol: String, caption: String,
    code: String, input: Input<Int>,
    subscribers: [(name: String, subscribed: TestTime, disposed: TestTime)],
    connectAt: TestTime? = nil,
    _ share: @escaping (Observable<Int>, TestScheduler) -> (shared: Observable<Int>, connect: (() -> Disposable)?)
) -> MarbleExample {
    MarbleExample(name: name, category: category, symbol: symbol, caption: caption) { scheduler in
        let source = input.make(scheduler)
        var shared: (shared: Observable<Int>, connect: (() -> Disposable)?)?
        scheduler.scheduleAt(TestScheduler.Defaults.created) { shared = share(source.asObservable(), scheduler) }
        if let connectAt {
            var connection: Disposable?
            scheduler.scheduleAt(connectAt) { connection = shared?.connect?() }
            let last = subscribers.map(\.disposed).max() ?? connectAt
            scheduler.scheduleAt(last) { connection?.dispose() }
        }
        var observers: [TestableObserver<Int>] = []
        for subscriber in subscribers {
            let observer = scheduler.createObserver(Int.self)
            observers.append(observer)
            var subscription: Disposable?
            scheduler.scheduleAt(subscriber.subscribed) { subscription = shared?.shared.subscribe(observer) }
            scheduler.scheduleAt(subscriber.disposed) { subscription?.dispose() }
        }
        scheduler.start()
        return MarbleSVG(
            inputs: MarbleSVG.Timeline.timelines(input.name, source: source),
            operator: code,
            outputs: zip(subscribers, observers).map { subscriber, observer in
                MarbleSVG.Timeline(subscriber.name, observer: observer, subscribed: subscriber.subscribed, disposed: subscriber.disposed)
            }
        )
    }
}
