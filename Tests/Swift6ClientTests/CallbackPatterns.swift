import Dispatch
import Foundation
import Ripple
import Testing

// Everyday client code: wrapping a callback API in
// `create`, where the callback is a `@Sendable` closure run on another queue.

/// A callback API of the kind Foundation has (URLSession's `dataTask`): the completion
/// handler is `@Sendable` and runs on a queue of the API's choosing.
func fetchNumber(_ number: Int, completion: @escaping @Sendable (Result<Int, Error>) -> Void) {
    DispatchQueue.global().async { completion(.success(number)) }
}

/// The same, for an API that may find nothing.
func lookUp(_ key: String, completion: @escaping @Sendable (String?) -> Void) {
    DispatchQueue.global().async { completion(key == "known" ? "value" : nil) }
}

/// An error a client declares.
struct ClientError: Error, Equatable {}

/// A delegate protocol of the kind many SDKs have, called on the SDK's own queue (so a
/// Swift 6 SDK declares it `Sendable`).
nonisolated protocol DownloadDelegate: AnyObject, Sendable {
    func download(didReceive chunk: Int)
    func downloadDidFinish()
}

/// An SDK object that reports through a delegate, from its own queue.
nonisolated final class Downloader: Sendable {
    private let delegateBox = Locked<DownloadDelegate?>(nil)
    private let queue = DispatchQueue(label: "downloader")

    var delegate: DownloadDelegate? {
        get { delegateBox.withLock { $0 } }
        set { delegateBox.withLock { $0 = newValue } }
    }

    func start(chunks: Int) {
        queue.async {
            for chunk in 1...chunks { self.delegate?.download(didReceive: chunk) }
            self.delegate?.downloadDidFinish()
        }
    }
}


@Suite(clientPatterns) struct CallbackPatterns {
    /// Pattern 1: the observer `create` hands out goes into a `@Sendable` closure run on
    /// another queue.
    @Test func createAroundDispatchAsync() async {
        let source = Observable<Int>.create { observer in
            DispatchQueue.global().async {
                observer.onNext(1)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        #expect(await elements(of: source) == [1])
    }

    /// Pattern 2: `Single.create` around a `@Sendable` completion handler.
    @Test func singleCreateAroundASendableCompletionHandler() async throws {
        let single = Single<Int>.create { single in
            fetchNumber(42) { result in
                switch result {
                case .success(let number): single(.success(number))
                case .failure(let error): single(.failure(error))
                }
            }
            return Disposables.create()
        }
        #expect(try await single.value == 42)
    }

    /// Pattern 2 for `Maybe`.
    @Test func maybeCreateAroundASendableCompletionHandler() async throws {
        func cached(_ key: String) -> Maybe<String> {
            Maybe<String>.create { maybe in
                lookUp(key) { value in
                    if let value { maybe(.success(value)) } else { maybe(.completed) }
                }
                return Disposables.create()
            }
        }
        #expect(try await cached("known").value == "value")
        #expect(try await cached("unknown").value == nil)
    }

    /// Pattern 2 for `Completable`.
    @Test func completableCreateAroundASendableCompletionHandler() async {
        let save = Completable.create { completable in
            fetchNumber(0) { result in
                if case .success = result { completable(.error(ClientError())) } else { completable(.completed) }
            }
            return Disposables.create()
        }
        await #expect(throws: ClientError.self) { try await save.value }
    }

    /// `Infallible.create` around a `@Sendable` completion handler.
    @Test func infallibleCreateAroundASendableCompletionHandler() async {
        let numbers = Infallible<Int>.create { observer in
            fetchNumber(5) { result in
                observer(.next((try? result.get()) ?? 0))
                observer(.completed)
            }
            return Disposables.create()
        }
        #expect(await elements(of: numbers.asObservable()) == [5])
    }

    /// The observer handed to a `Task` started inside `create`, cancelled on disposal.
    @Test func createAroundATask() async {
        let source = Observable<Int>.create { observer in
            let task = Task {
                for value in 1...3 {
                    observer.onNext(value)
                    await Task.yield()
                }
                observer.onCompleted()
            }
            return Disposables.create { task.cancel() }
        }
        #expect(await elements(of: source) == [1, 2, 3])
    }

    /// `create` around `NotificationCenter`: the observer block is `@Sendable`.
    @Test func createAroundNotificationCenter() async {
        let center = NotificationCenter()
        let name = Notification.Name("client.ping")
        let pings = Observable<String>.create { observer in
            let token = center.addObserver(forName: name, object: nil, queue: nil) { note in
                observer.onNext(note.userInfo?["who"] as? String ?? "")
            }
            return Disposables.create { center.removeObserver(token) }
        }
        let log = Log<String>()
        let subscription = pings.subscribe(onNext: { log.append($0) })
        center.post(name: name, object: nil, userInfo: ["who": "a"])
        DispatchQueue.global().async { center.post(name: name, object: nil, userInfo: ["who": "b"]) }
        #expect(await eventually { log.all.count == 2 })
        subscription.dispose()
        center.post(name: name, object: nil, userInfo: ["who": "c"])
        #expect(log.all == ["a", "b"])
    }

    /// `create` around a timer (a dispatch timer source). The handler says `@Sendable`:
    /// Linux's Dispatch does not declare it so, and in main-actor code a closure it runs
    /// on a background queue would otherwise be main-actor isolated (and trap there).
    @Test func createAroundATimer() async {
        let ticks = Observable<Int>.create { observer in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            let count = Locked(0)
            timer.setEventHandler { @Sendable in
                let tick = count.withLock { value in
                    value += 1
                    return value
                }
                observer.onNext(tick)
                if tick == 3 { observer.onCompleted() }
            }
            timer.schedule(deadline: .now(), repeating: .milliseconds(5))
            timer.resume()
            return Disposables.create { timer.cancel() }
        }
        #expect(await elements(of: ticks) == [1, 2, 3])
    }

    /// `create` around a delegate: a small object forwards the delegate calls to the
    /// observer, which the SDK calls from its own queue.
    @Test func createAroundADelegate() async {
        final class Forwarder: DownloadDelegate {
            let observer: AnyObserver<Int>
            init(_ observer: AnyObserver<Int>) { self.observer = observer }
            func download(didReceive chunk: Int) { observer.onNext(chunk) }
            func downloadDidFinish() { observer.onCompleted() }
        }
        let downloader = Downloader()
        let chunks = Observable<Int>.create { observer in
            let forwarder = Forwarder(observer)
            downloader.delegate = forwarder
            downloader.start(chunks: 3)
            return Disposables.create { downloader.delegate = nil }
        }
        #expect(await elements(of: chunks) == [1, 2, 3])
    }

    /// A subject's observer handed to another queue.
    @Test func aSubjectsObserverFedFromAnotherQueue() async {
        let subject = PublishSubject<Int>()
        let log = Log<Int>()
        let subscription = subject.subscribe(onNext: { log.append($0) })
        let observer = subject.asObserver()
        DispatchQueue.global().async {
            observer.onNext(7)
            observer.onNext(8)
        }
        #expect(await eventually { log.all.count == 2 })
        #expect(log.all == [7, 8])
        subscription.dispose()
    }
}
