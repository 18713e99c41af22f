import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Ripple
import RippleBlocking
import RippleFoundation

extension RippleTests {
    @Suite(.localHTTPServer) struct URLSessionRxTests {
        /// Runs `body` with the suite's local server; if there is none (python3 could
        /// not start it), records an issue that says so: the test fails, it is never
        /// skipped silently.
        static func withServer(_ body: (LocalHTTPServer) throws -> Void) throws {
            guard let server = LocalHTTPServer.current else {
                Issue.record("No local HTTP server: python3 could not start one (see the suite's issue); this test needs it")
                return
            }
            try body(server)
        }

        /// A session of the test's own, invalidated when `body` returns.
        static func withSession(delegateQueue: OperationQueue? = nil, _ body: (URLSession) throws -> Void) throws {
            let session = URLSession(configuration: .ephemeral, delegate: nil, delegateQueue: delegateQueue)
            defer { session.invalidateAndCancel() }
            try body(session)
        }

        static func json(_ data: Data) -> NSObject? {
            (try? JSONSerialization.jsonObject(with: data)) as? NSObject
        }

        static var users: NSObject { [["id": 1, "name": "Ada"], ["id": 2, "name": "Grace"]] as NSArray }

        /// The number of `/flaky` requests the server saw for `key`.
        static func count(_ key: String, on server: LocalHTTPServer) throws -> Int {
            let data = try URLSession.shared.rx.data(request: server.request("/count?key=\(key)")).toBlocking(timeout: 10).single()
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return object?["count"] as? Int ?? -1
        }

        @Test func responseSendsTheHTTPResponseAndBodyThenCompletes() throws {
            try Self.withServer { server in
                let results = try URLSession.shared.rx.response(request: server.request("/users")).toBlocking(timeout: 10).toArray()
                try #require(results.count == 1)
                #expect(results[0].response.statusCode == 200)
                #expect(results[0].response.value(forHTTPHeaderField: "Content-Type") == "application/json")
                #expect(results[0].response.url == server.url("/users"))
                #expect(Self.json(results[0].data) == Self.users)
            }
        }

        @Test func responseSendsAFailureStatusAsAnElement() throws {
            try Self.withServer { server in
                let result = try URLSession.shared.rx.response(request: server.request("/missing")).toBlocking(timeout: 10).single()
                #expect(result.response.statusCode == 404)
                #expect(Self.json(result.data) == ["error": "not found"] as NSDictionary)
            }
        }

        @Test func dataSendsTheBodyOfASuccessfulResponse() throws {
            try Self.withServer { server in
                let data = try URLSession.shared.rx.data(request: server.request("/users")).toBlocking(timeout: 10).toArray()
                #expect(data.count == 1)
                #expect(data.first.flatMap(Self.json) == Self.users)
            }
        }

        @Test func dataFailsOnAStatusOutsideTheSuccessRange() throws {
            try Self.withServer { server in
                let result = URLSession.shared.rx.data(request: server.request("/missing")).toBlocking(timeout: 10).materialize()
                guard case .failed(let elements, let error) = result else {
                    Issue.record("expected a failure, got \(result)")
                    return
                }
                #expect(elements.isEmpty)
                guard case RxCocoaURLError.httpRequestFailed(let response, let body) = error else {
                    Issue.record("expected httpRequestFailed, got \(error)")
                    return
                }
                #expect(response.statusCode == 404)
                #expect(body.flatMap(Self.json) == ["error": "not found"] as NSDictionary)
                #expect(String(reflecting: error) == "HTTP request failed with status 404.")
            }
        }

        @Test func dataFailsOnAServerError() throws {
            try Self.withServer { server in
                let result = URLSession.shared.rx.data(request: server.request("/flaky?key=always&failures=99")).toBlocking(timeout: 10).materialize()
                guard case .failed(_, RxCocoaURLError.httpRequestFailed(let response, _)) = result else {
                    Issue.record("expected httpRequestFailed, got \(result)")
                    return
                }
                #expect(response.statusCode == 503)
            }
        }

        @Test func jsonDecodesTheBody() throws {
            try Self.withServer { server in
                let byRequest = try URLSession.shared.rx.json(request: server.request("/users")).toBlocking(timeout: 10).single()
                let byURL = try URLSession.shared.rx.json(url: server.url("/users")).toBlocking(timeout: 10).single()
                #expect(byRequest as? NSObject == Self.users)
                #expect(byURL as? NSObject == Self.users)
                let names = (byURL as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(names == ["Ada", "Grace"])
            }
        }

        @Test func jsonPassesItsReadingOptions() throws {
            try Self.withServer { server in
                // `/flaky` answers `{"attempt": 1}`; with .mutableContainers the dictionary is mutable.
                let value = try URLSession.shared.rx.json(request: server.request("/flaky?key=options&failures=0"), options: [.mutableContainers])
                    .toBlocking(timeout: 10).single()
                let dictionary = try #require(value as? NSMutableDictionary)
                dictionary["extra"] = true
                #expect(dictionary["attempt"] as? Int == 1)
            }
        }

        @Test func jsonFailsWithADeserializationErrorOnMalformedJSON() throws {
            try Self.withServer { server in
                let result = URLSession.shared.rx.json(url: server.url("/malformed")).toBlocking(timeout: 10).materialize()
                guard case .failed(let elements, let error) = result else {
                    Issue.record("expected a failure, got \(result)")
                    return
                }
                #expect(elements.isEmpty)
                guard case RxCocoaURLError.deserializationError = error else {
                    Issue.record("expected deserializationError, got \(error)")
                    return
                }
                #expect(String(reflecting: error).hasPrefix("Error during deserialization of the response:"))
            }
        }

        @Test func jsonFailsWithTheHTTPErrorBeforeDecoding() throws {
            try Self.withServer { server in
                let result = URLSession.shared.rx.json(url: server.url("/missing")).toBlocking(timeout: 10).materialize()
                guard case .failed(_, RxCocoaURLError.httpRequestFailed(let response, _)) = result else {
                    Issue.record("expected httpRequestFailed, got \(result)")
                    return
                }
                #expect(response.statusCode == 404)
            }
        }

        @Test func aConnectionFailureArrivesAsTheURLError() throws {
            let server = try LocalHTTPServer.start()
            let url = server.url("/users")
            server.stop()   // nothing listens on the port any more
            let result = URLSession.shared.rx.data(request: URLRequest(url: url, timeoutInterval: 10)).toBlocking(timeout: 15).materialize()
            guard case .failed(let elements, let error) = result else {
                Issue.record("expected a failure, got \(result)")
                return
            }
            #expect(elements.isEmpty)
            #expect(error is URLError)
            #expect(!(error is RxCocoaURLError))
        }

        @Test func aResponseThatIsNotHTTPFailsWithNonHTTPResponse() throws {
            let url = try #require(URL(string: "data:application/json,%5B1%2C2%5D"))
            let result = URLSession.shared.rx.response(request: URLRequest(url: url)).toBlocking(timeout: 10).materialize()
            guard case .failed(let elements, RxCocoaURLError.nonHTTPResponse(let response)) = result else {
                Issue.record("expected nonHTTPResponse, got \(result)")
                return
            }
            #expect(elements.isEmpty)
            #expect(!(response is HTTPURLResponse))
        }

        @Test func nothingIsRequestedUntilSubscribedAndEachSubscriptionRequestsAgain() throws {
            try Self.withServer { server in
                let request = URLSession.shared.rx.data(request: server.request("/flaky?key=lazy&failures=0"))
                #expect(try Self.count("lazy", on: server) == 0)
                let first = try request.toBlocking(timeout: 10).single()
                let second = try request.toBlocking(timeout: 10).single()
                #expect(Self.json(first) == ["attempt": 1] as NSDictionary)
                #expect(Self.json(second) == ["attempt": 2] as NSDictionary)
                #expect(try Self.count("lazy", on: server) == 2)
            }
        }

        @Test func eventsArriveOnTheSessionsDelegateQueueByDefault() throws {
            try Self.withServer { server in
                let delegateQueue = OperationQueue()
                delegateQueue.maxConcurrentOperationCount = 1
                try Self.withSession(delegateQueue: delegateQueue) { session in
                    let onDelegateQueue = ValueLog<Bool>()
                    let caller = Thread.current
                    let onCaller = ValueLog<Bool>()
                    _ = try session.rx.data(request: server.request("/users"))
                        .do(onNext: { _ in
                            onDelegateQueue.append(OperationQueue.current === delegateQueue)
                            onCaller.append(Thread.current == caller)
                        }, onCompleted: {
                            onDelegateQueue.append(OperationQueue.current === delegateQueue)
                        })
                        .toBlocking(timeout: 10).toArray()
                    #expect(onDelegateQueue.all == [true, true])
                    #expect(onCaller.all == [false])
                }
            }
        }

        @Test func observeOnTheMainSchedulerDeliversOnTheMainQueue() throws {
            try Self.withServer { server in
                let onMain = ValueLog<Bool>()
                let done = DispatchSemaphore(value: 0)
                let recorder = EventRecorder<Int>()
                let subscription = URLSession.shared.rx.response(request: server.request("/users"))
                    .map { $0.response.statusCode }
                    .observe(on: MainScheduler.instance)
                    .do(onNext: { _ in onMain.append(DispatchQueue.isMain) },
                        onCompleted: { onMain.append(DispatchQueue.isMain) },
                        afterCompleted: { done.signal() })
                    .subscribe(recorder)
                #expect(waitFor(done))
                subscription.dispose()
                #expect(recorder.events == [.next(200), .completed])
                #expect(onMain.all == [true, true])
            }
        }

        @Test func observeOnACallerChosenQueueDeliversThere() throws {
            try Self.withServer { server in
                let queue = MarkedQueue("caller-chosen")
                let scheduler = SerialDispatchQueueScheduler(queue: queue.queue, internalSerialQueueName: "caller-chosen.serial")
                let onQueue = ValueLog<Bool>()
                let data = try URLSession.shared.rx.data(request: server.request("/users"))
                    .observe(on: scheduler)
                    .do(onNext: { _ in onQueue.append(queue.isCurrent) }, onCompleted: { onQueue.append(queue.isCurrent) })
                    .toBlocking(timeout: 10).single()
                #expect(Self.json(data) == Self.users)
                #expect(onQueue.all == [true, true])
            }
        }

        @Test func disposingBeforeTheResponseCancelsTheTaskAndSendsNothing() throws {
            try Self.withServer { server in
                try Self.withSession { session in
                    let recorder = EventRecorder<Int>()
                    let subscription = session.rx.response(request: server.request("/slow?seconds=2"))
                        .map { $0.response.statusCode }
                        .subscribe(recorder)
                    // Subscribing returned before the response: the request runs elsewhere.
                    #expect(recorder.events.isEmpty)

                    let found = DispatchSemaphore(value: 0)
                    let tasks = ValueLog<Unchecked<URLSessionTask>>()
                    session.getAllTasks { all in
                        for task in all { tasks.append(Unchecked(task)) }
                        found.signal()
                    }
                    #expect(waitFor(found))
                    let task = try #require(tasks.all.first?.value)
                    #expect(tasks.count == 1)
                    #expect(task.state == .running)

                    pause(.milliseconds(50))
                    subscription.dispose()

                    // The task ends, cancelled, well before the server's two seconds.
                    let clock = ContinuousClock()
                    let deadline = clock.now.advanced(by: .seconds(1))
                    while task.state != .completed, clock.now < deadline {
                        pause(.milliseconds(5))
                    }
                    #expect(task.state == .completed)
                    #expect((task.error as? URLError)?.code == .cancelled)
                    // The cancellation's completion handler ran; it sent nothing.
                    #expect(flushOperationQueue(session.delegateQueue))
                    #expect(recorder.events.isEmpty)
                }
            }
        }

        @Test func disposingAfterTheResponseDoesNothing() throws {
            try Self.withServer { server in
                let done = DispatchSemaphore(value: 0)
                let recorder = EventRecorder<Int>()
                let subscription = URLSession.shared.rx.response(request: server.request("/users"))
                    .map { $0.response.statusCode }
                    .do(afterCompleted: { done.signal() })
                    .subscribe(recorder)
                #expect(waitFor(done))
                subscription.dispose()
                subscription.dispose()
                #expect(recorder.events == [.next(200), .completed])
            }
        }

        @Test func anHTTPErrorCanBeRetriedWithBackoffUntilTheServerRecovers() throws {
            try Self.withServer { server in
                let scheduler = ConcurrentDispatchQueueScheduler(qos: .utility)
                let attempts = ValueLog<Int>()
                let value = try URLSession.shared.rx.json(request: server.request("/flaky?key=recovering&failures=2"))
                    .retry(maxAttempts: 4, initialDelay: .milliseconds(5), scheduler: scheduler, shouldRetry: { error in
                        guard case RxCocoaURLError.httpRequestFailed(let response, _) = error else { return false }
                        attempts.append(response.statusCode)
                        return response.statusCode >= 500
                    })
                    .toBlocking(timeout: 10).single()
                #expect(value as? NSDictionary == ["attempt": 3] as NSDictionary)
                #expect(attempts.all == [503, 503])
                #expect(try Self.count("recovering", on: server) == 3)
            }
        }

        @Test func retryingGivesUpAfterMaxAttempts() throws {
            try Self.withServer { server in
                let scheduler = ConcurrentDispatchQueueScheduler(qos: .utility)
                let result = URLSession.shared.rx.data(request: server.request("/flaky?key=down&failures=99"))
                    .retry(maxAttempts: 3, initialDelay: .milliseconds(5), scheduler: scheduler)
                    .toBlocking(timeout: 10).materialize()
                guard case .failed(_, RxCocoaURLError.httpRequestFailed(let response, _)) = result else {
                    Issue.record("expected httpRequestFailed, got \(result)")
                    return
                }
                #expect(response.statusCode == 503)
                let requests = try Self.count("down", on: server)
                #expect(requests == 3)
            }
        }

        @Test func rxCocoaURLErrorDescribesEachCase() throws {
            let url = try #require(URL(string: "http://127.0.0.1/x"))
            let http = try #require(HTTPURLResponse(url: url, statusCode: 500, httpVersion: nil, headerFields: nil))
            let plain = URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
            #expect(String(reflecting: RxCocoaURLError.unknown) == "Unknown error has occurred.")
            #expect(String(reflecting: RxCocoaURLError.httpRequestFailed(response: http, data: nil)) == "HTTP request failed with status 500.")
            #expect(String(reflecting: RxCocoaURLError.nonHTTPResponse(response: plain)) == "Response is not an HTTPURLResponse: `http://127.0.0.1/x`.")
            #expect(String(reflecting: RxCocoaURLError.deserializationError(error: TestError(id: 3))) == "Error during deserialization of the response: TestError(3)")
        }
    }
}

/// Waits until everything queued on `queue` so far has run; `false` on timeout.
func flushOperationQueue(_ queue: OperationQueue) -> Bool {
    let done = DispatchSemaphore(value: 0)
    queue.addOperation { done.signal() }
    return waitFor(done)
}
