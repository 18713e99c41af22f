import Foundation
import Testing
import Ripple
import RippleBlocking
import RippleTest

/// The code samples of README.md and of the articles in Sources/Ripple/Ripple.docc,
/// copied verbatim (apart from the output comments, which become expectations), so a
/// change that breaks a sample breaks a test.
///
/// `print` is shadowed in this file: it records the lines the samples print.
extension RippleTests {
    @Suite struct DocumentationSamplesTests {
        @Test func readmeExample() {
            let output = Printed.capture {
                let bag = DisposeBag()
                let searches = PublishSubject<String>()

                searches
                    .map { $0.lowercased() }
                    .filter { $0.count >= 3 }
                    .distinctUntilChanged()
                    .subscribe(onNext: { print("search: \($0)") })
                    .disposed(by: bag)

                searches.onNext("Sw")        // too short: nothing
                searches.onNext("Swift")     // search: swift
                searches.onNext("SWIFT")     // the same search: nothing
                searches.onNext("Swifty")    // search: swifty
            }
            #expect(output == ["search: swift", "search: swifty"])
        }

        @Test func gettingStartedCreateAndSubscribe() {
            let output = Printed.capture {
                let greetings = Observable<String>.create { observer in
                    observer.onNext("hello")
                    observer.onNext("world")
                    observer.onCompleted()
                    return Disposables.create()
                }
                let subscription = greetings.subscribe(
                    onNext: { text in print("next: \(text)") },
                    onError: { error in print("error: \(error)") },
                    onCompleted: { print("completed") },
                    onDisposed: { print("disposed") }
                )
                let bag = DisposeBag()
                greetings.subscribe(onNext: { print($0) }).disposed(by: bag)
                subscription.dispose()
            }
            #expect(output == ["next: hello", "next: world", "completed", "disposed", "hello", "world"])
        }

        @Test func gettingStartedSubjectAndOperators() {
            let output = Printed.capture {
                let names = PublishSubject<String>()
                let subscription = names
                    .map { $0.uppercased() }
                    .filter { $0.count > 3 }
                    .subscribe(onNext: { print($0) })
                names.onNext("ann")     // filtered out
                names.onNext("bruno")   // prints BRUNO
                names.onCompleted()
                subscription.dispose()

                let bag = DisposeBag()
                Observable.of(1, 2, 3, 4)
                    .map { $0 * 10 }
                    .filter { $0 > 15 }
                    .subscribe(onNext: { print($0) })   // 20, 30, 40
                    .disposed(by: bag)
            }
            #expect(output == ["BRUNO", "20", "30", "40"])
        }

        @Test func journeyArticleProgram() {
            let output = Printed.capture {
                let observable = Observable<Int>.create { observer in
                    observer.onNext(1)
                    observer.onNext(2)
                    observer.onCompleted()
                    return Disposables.create()
                }
                let disposable = observable.subscribe(
                    onNext: { print("next \($0)") },
                    onError: { print("error \($0)") },
                    onCompleted: { print("completed") },
                    onDisposed: { print("dispose done") }
                )
                disposable.dispose()
            }
            #expect(output == ["next 1", "next 2", "completed", "dispose done"])
        }

        @Test func schedulersMergeOfSynchronousSourcesInterleaves() {
            let output = Printed.capture {
                let bag = DisposeBag()
                Observable.merge(Observable.of(1, 2), Observable.of(10, 20))
                    .subscribe(onNext: { print($0) })   // 1, 10, 2, 20
                    .disposed(by: bag)
            }
            #expect(output == ["1", "10", "2", "20"])
        }

        @Test func subjectsAndRelaysSamples() {
            let output = Printed.capture {
                let subject = PublishSubject<String>()
                subject.onNext("lost")                          // nobody subscribed yet
                let subscription = subject.subscribe(onNext: { print($0) })
                subject.onNext("hello")                         // prints hello
                subject.onCompleted()
                subscription.dispose()

                let bag = DisposeBag()
                let temperature = BehaviorSubject(value: 20)
                temperature.onNext(21)
                temperature.subscribe(onNext: { print($0) })    // prints 21 at once
                    .disposed(by: bag)
                temperature.onNext(22)                          // prints 22

                let isLoading = BehaviorRelay(value: false)
                isLoading.subscribe(onNext: { print("loading: \($0)") }).disposed(by: bag)
                isLoading.accept(true)
                print(isLoading.value)                           // true
            }
            #expect(output == ["hello", "21", "22", "loading: false", "loading: true", "true"])
        }

        @Test func testingArticleVirtualTimeSample() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(215, 2), .next(225, 3), .completed(400),
            ])
            let observer = scheduler.start {
                source.debounce(.seconds(20), scheduler: scheduler)
            }
            #expect(observer.events == [.next(245, 3), .completed(400)])
            #expect(source.subscriptions == [Subscription(200, 400)])
        }

        @Test func testingArticleMarbleSample() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable("^-a-b--|", values: ["a": 1, "b": 2])
            let observer = scheduler.start { source.asObservable().map { $0 * 10 } }
            #expect(observer.events.marbles(values: ["x": 10, "y": 20]) == "--x-y--|")
        }

        @Test func testingArticleBlockingSample() throws {
            let elements = try Observable.of(1, 2, 3).toBlocking().toArray()   // [1, 2, 3]
            #expect(elements == [1, 2, 3])
            let first = try Observable.of(1, 2, 3).toBlocking(timeout: 1).first()
            #expect(first == 1)
        }
    }
}

/// The lines `print` wrote while a sample ran.
private enum Printed {
    static let lines = LockedValue<[String]?>(nil)

    static func capture(_ sample: () -> Void) -> [String] {
        lines.withLock { $0 = [] }
        sample()
        return lines.withLock { lines in
            defer { lines = nil }
            return lines ?? []
        }
    }
}

/// Shadows `Swift.print` in this file so the samples can keep their `print` calls.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let line = items.map { "\($0)" }.joined(separator: separator)
    Printed.lines.withLock { $0?.append(line) }
}
