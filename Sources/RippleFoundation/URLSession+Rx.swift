import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Ripple

// `URLSession` is an `NSObject`, so it is `ReactiveCompatible` through RippleFoundation's
// `extension NSObject: ReactiveCompatible`, on Linux as on Apple platforms.

extension Reactive where Base: URLSession {
    /// The response and body of one HTTP request, as a sequence of one element.
    ///
    /// Nothing happens until the sequence is subscribed; each subscription runs the
    /// request once, in its own data task. Disposing the subscription before the
    /// response arrives cancels the task, and no event follows.
    ///
    /// Any status code is an element (a 404 too: see ``data(request:)`` for a
    /// sequence that fails on one). A failure of the URL loading system (no
    /// connection, a timeout) ends the sequence with that `URLError`; a response that
    /// is not HTTP ends it with ``RxCocoaURLError/nonHTTPResponse(response:)``.
    ///
    /// ```
    /// subscribe:       ^
    /// response(req):   ----------(response, data)|
    /// dispose early:   ----X     (the task is cancelled; no event)
    /// ```
    ///
    /// **Where work runs.** Subscribing creates and resumes the task, which returns
    /// at once: connecting, sending, waiting and reading all happen on the session's
    /// own threads, never on the subscriber's. The element and the completion are
    /// delivered on the session's *delegate queue* (for `URLSession.shared` and for a
    /// session made with `delegateQueue: nil`, a serial operation queue of the
    /// session). Add `observe(on:)` to choose another place:
    ///
    /// ```swift
    /// URLSession.shared.rx.response(request: URLRequest(url: url))
    ///     .observe(on: MainScheduler.instance)            // deliver on the main queue
    ///     .subscribe(onNext: { response, data in
    ///         print(response.statusCode, data.count)
    ///     })
    /// ```
    ///
    /// - Parameter request: The request; it is sent once per subscription.
    /// - Returns: A sequence of one `(response, data)` pair, then completion.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = base
        return Observable.create { observer in
            let delivery = Handoff(observer)
            let task = session.dataTask(with: request) { data, response, error in
                let observer = delivery.value
                guard let response, let data else {
                    observer.on(.error(error ?? RxCocoaURLError.unknown))
                    return
                }
                guard let httpResponse = response as? HTTPURLResponse else {
                    observer.on(.error(RxCocoaURLError.nonHTTPResponse(response: response)))
                    return
                }
                observer.on(.next((response: httpResponse, data: data)))
                observer.on(.completed)
            }
            task.resume()
            return Disposables.create {
                task.cancel()
            }
        }
    }

    /// The body of one HTTP request whose status code is in `200 ..< 300`.
    ///
    /// As ``response(request:)``, but a status code outside `200 ..< 300` ends the
    /// sequence with ``RxCocoaURLError/httpRequestFailed(response:data:)``, carrying
    /// the response and its body. Delivered on the session's delegate queue.
    ///
    /// ```
    /// data(req), 200:  ----------data|
    /// data(req), 404:  ----------x (httpRequestFailed)
    /// ```
    ///
    /// ```swift
    /// URLSession.shared.rx.data(request: URLRequest(url: avatarURL))
    ///     .observe(on: SerialDispatchQueueScheduler(qos: .userInitiated))   // a queue you pick
    ///     .map { data in Avatar(data) }
    ///     .subscribe(onNext: { cache.store($0) })
    /// ```
    ///
    /// - Parameter request: The request; it is sent once per subscription.
    /// - Returns: A sequence of the body, then completion.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map { response, data in
            guard 200 ..< 300 ~= response.statusCode else {
                throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
            }
            return data
        }
    }

    /// The body of one HTTP request, decoded with `JSONSerialization`.
    ///
    /// As ``data(request:)``, then the body is decoded on the session's delegate
    /// queue (off the subscriber's thread); a body that is not valid JSON ends the
    /// sequence with ``RxCocoaURLError/deserializationError(error:)``. For `Codable`
    /// types, use ``data(request:)`` and Ripple's `decode(type:decoder:)`.
    ///
    /// ```
    /// json(req), valid JSON:  ----------[…]|
    /// json(req), bad JSON:    ----------x (deserializationError)
    /// ```
    ///
    /// ```swift
    /// URLSession.shared.rx.json(request: URLRequest(url: usersURL))
    ///     .map { $0 as? [[String: Any]] ?? [] }
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { users in print(users.count, "users") })
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request; it is sent once per subscription.
    ///   - options: The options for `JSONSerialization.jsonObject(with:options:)`.
    /// - Returns: A sequence of the decoded JSON value, then completion.
    public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
        data(request: request).map { data in
            do {
                return try JSONSerialization.jsonObject(with: data, options: options)
            } catch {
                throw RxCocoaURLError.deserializationError(error: error)
            }
        }
    }

    /// The body of a `GET` of `url`, decoded with `JSONSerialization`.
    ///
    /// The same as ``json(request:options:)`` with `URLRequest(url: url)`.
    ///
    /// ```
    /// json(url:):  ----------{…}|
    /// ```
    ///
    /// ```swift
    /// URLSession.shared.rx.json(url: URL(string: "http://127.0.0.1:8080/users")!)
    ///     .subscribe(onNext: { print($0) }, onError: { print("failed:", $0) })
    /// ```
    ///
    /// - Parameter url: The URL to get; it is requested once per subscription.
    /// - Returns: A sequence of the decoded JSON value, then completion.
    public func json(url: URL) -> Observable<Any> {
        json(request: URLRequest(url: url))
    }
}
