import Foundation
import Testing
import Ripple
import RippleBlocking
import RippleTest

/// The code samples of README.md and of the articles in Sources/Ripple/Ripple.docc (the
/// landing page's too), copied verbatim (apart from the output comments, which become
/// expectations), so a change that breaks a sample breaks a test.
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

        @Test func landingPageExample() {
            let output = Printed.capture {
                let bag = DisposeBag()
                let query = PublishSubject<String>()

                query
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                    .distinctUntilChanged()
                    .subscribe(onNext: { print("search for \($0)") })
                    .disposed(by: bag)

                query.onNext(" swift ")    // search for swift
                query.onNext("swift")      // nothing: unchanged
            }
            #expect(output == ["search for swift"])
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
                let longNames = names
                    .map { $0.uppercased() }
                    .filter { $0.count > 3 }
                    .subscribe(onNext: { print($0) })
                names.onNext("ann")     // filtered out
                names.onNext("bruno")   // prints BRUNO
                names.onCompleted()
                longNames.dispose()

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

        @Test func traitsArticleSingle() {
            struct User: Sendable {
                let name: String
            }
            enum LookupError: Error {
                case notFound
            }
            func loadUser(id: Int) -> Single<User> {
                Single.create { single in
                    if id == 1 {
                        single(.success(User(name: "Ada")))
                    } else {
                        single(.failure(LookupError.notFound))
                    }
                    return Disposables.create()
                }
            }
            let output = Printed.capture {
                let users = DisposeBag()
                loadUser(id: 1)
                    .map { $0.name }
                    .subscribe(
                        onSuccess: { print("hello, \($0)") },        // hello, Ada
                        onFailure: { print("no user: \($0)") }
                    )
                    .disposed(by: users)
                loadUser(id: 2)
                    .subscribe(onSuccess: { print("hello, \($0.name)") }, onFailure: { print("no user: \($0)") })
                    .disposed(by: users)
            }
            #expect(output == ["hello, Ada", "no user: notFound"])
        }

        @Test func traitsArticleInfallible() {
            enum FeedError: Error {
                case offline
            }
            let output = Printed.capture {
                let infallibles = DisposeBag()
                let prices = Observable<Int>.of(100, 101).concat(Observable.error(FeedError.offline))

                prices
                    .asInfallible(onErrorJustReturn: 0)
                    .subscribe(onNext: { print("price \($0)") })   // price 100, price 101, price 0
                    .disposed(by: infallibles)
            }
            #expect(output == ["price 100", "price 101", "price 0"])
        }

        @MainActor @Test func traitsArticleDriverAndSignal() {
            let scheduler = TestScheduler(initialClock: 0)
            let output = Printed.capture {
                SharingScheduler.mock(scheduler: scheduler) {
                    let screen = DisposeBag()
                    let titles = BehaviorSubject(value: "Inbox")

                    let title: Driver<String> = titles.asDriver(onErrorJustReturn: "")
                    title.drive(onNext: { print("title: \($0)") })     // title: Inbox (on the main queue)
                        .disposed(by: screen)

                    let taps = PublishSubject<Void>()
                    let tapped: Signal<Void> = taps.asSignal(onErrorSignalWith: .empty())
                    tapped.emit(onNext: { print("tapped") })
                        .disposed(by: screen)
                    taps.onNext(())
                    scheduler.start()
                }
            }
            #expect(output == ["title: Inbox", "tapped"])
        }

        @Test func hotAndColdArticleCold() {
            let output = Printed.capture {
                let bag = DisposeBag()
                var requests = 0

                let profile = Observable<String>.create { observer in
                    requests += 1
                    print("request \(requests)")
                    observer.onNext("profile")
                    observer.onCompleted()
                    return Disposables.create()
                }

                profile.subscribe(onNext: { print("header shows \($0)") }).disposed(by: bag)
                profile.subscribe(onNext: { print("sidebar shows \($0)") }).disposed(by: bag)
            }
            #expect(output == ["request 1", "header shows profile", "request 2", "sidebar shows profile"])
        }

        @Test func hotAndColdArticleShare() {
            let output = Printed.capture {
                let bag = DisposeBag()
                let ticks = PublishSubject<Int>()
                var runs = 0

                let shared = Observable<Int>.deferred {
                    runs += 1
                    print("subscribed to the source (\(runs))")
                    return ticks.asObservable()
                }
                .share(replay: 1, scope: .whileConnected)

                shared.subscribe(onNext: { print("A got \($0)") }).disposed(by: bag)
                ticks.onNext(1)                                   // A got 1
                shared.subscribe(onNext: { print("B got \($0)") }).disposed(by: bag)
                                                                  // B got 1 (replayed)
                ticks.onNext(2)                                   // A got 2, B got 2
                print("source runs: \(runs)")                     // source runs: 1
            }
            #expect(output == ["subscribed to the source (1)", "A got 1", "B got 1", "A got 2", "B got 2", "source runs: 1"])
        }

        @Test func hotAndColdArticlePublish() {
            let output = Printed.capture {
                let bag = DisposeBag()
                let numbers = Observable.of(1, 2, 3).publish()

                numbers.subscribe(onNext: { print("log \($0)") }).disposed(by: bag)
                numbers.reduce(0, accumulator: +).subscribe(onNext: { print("sum \($0)") }).disposed(by: bag)
                numbers.connect().disposed(by: bag)
            }
            #expect(output == ["log 1", "log 2", "log 3", "sum 6"])
        }

        @Test func choosingArticleBridges() async throws {
            func total(of numbers: Observable<Int>) async throws -> Int {
                var sum = 0
                for try await number in numbers.values {
                    sum += number
                }
                return sum
            }
            #expect(try await total(of: .of(1, 2, 3)) == 6)

            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let fromStream = stream.asObservable()
            continuation.yield(7)
            continuation.finish()
            #expect(try await fromStream.toArray().value == [7])

            let countdown = Observable<Int>.create { emit in
                for second in (1...3).reversed() {
                    emit(second)
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            #expect(try await countdown.toArray().value == [3, 2, 1])
        }

        @Test func testingDriversArticleSearch() {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
            SharingScheduler.mock(scheduler: scheduler) {
                let query = scheduler.createHotObservable([
                    .next(300, "r"), .next(400, "ri"), .next(1_000, "rip"),
                ])
                let viewModel = SearchViewModel(query: query.asObservable()) { text in
                    .just(["\(text)ple"])
                }
                let observer = scheduler.start(disposed: 2_000) { viewModel.results.asObservable() }
                #expect(observer.events == [.next(702, ["riple"]), .next(1_302, ["ripple"])])
            }
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

/// The view model of the "Testing Drivers and Signals" article.
private final class SearchViewModel {
    let results: Driver<[String]>

    init(query: Observable<String>, search: @escaping (String) -> Observable<[String]>) {
        results = query
            .asDriver(onErrorJustReturn: "")
            .debounce(.milliseconds(300))
            .flatMapLatest { text in
                search(text).asDriver(onErrorJustReturn: [])
            }
    }
}
