import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Ripple
import RippleBus
import RippleFoundation

/// Fetches the user list over HTTP and publishes the outcome on an event bus, doing
/// its network work off the main thread and delivering on the main queue.
///
/// - The request is made on a private serial queue (`requestScheduler`), never on the
///   caller's thread.
/// - A failed request (a transport error or a 5xx status) is retried after a growing
///   delay on a utility-QoS queue (`retryScheduler`); a 404 or a body that does not
///   decode is not retried, since asking again would not change the answer.
/// - The result is published on the bus from `deliveryScheduler`; each subscriber then
///   receives it on its own queue (the main queue for `subscribeOnMain`).
///
/// ```swift
/// let viewModel = UserListViewModel(baseURL: server.url(for: "/"), bus: .shared)
/// EventBus.shared.subscribeOnMain(UserFetchEvent.self) { event in render(event.result) }
/// let fetch = viewModel.fetchUserList()
/// ```
public final class UserListViewModel: Sendable {
    private let baseURL: URL
    private let bus: EventBus
    private let session: URLSession
    private let requestScheduler: SerialDispatchQueueScheduler
    private let retryScheduler: ConcurrentDispatchQueueScheduler
    private let deliveryScheduler: SerialDispatchQueueScheduler
    private let maxAttempts: Int
    private let firstRetryDelay: RxTimeInterval

    /// A view model that fetches from `baseURL` and publishes on `bus`.
    ///
    /// - Parameters:
    ///   - maxAttempts: Requests in all for one fetch, counting the first.
    ///   - firstRetryDelay: The wait before the first retry; each later one doubles.
    public init(
        baseURL: URL,
        bus: EventBus = .shared,
        session: URLSession = .shared,
        maxAttempts: Int = 3,
        firstRetryDelay: RxTimeInterval = .milliseconds(50)
    ) {
        self.baseURL = baseURL
        self.bus = bus
        self.session = session
        self.maxAttempts = maxAttempts
        self.firstRetryDelay = firstRetryDelay
        requestScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "UserListViewModel.requests")
        retryScheduler = ConcurrentDispatchQueueScheduler(qos: .utility)
        deliveryScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "UserListViewModel.delivery")
    }

    /// The users at `path`, decoded, with the retry policy above applied.
    public func users(at path: String = "/users") -> Observable<[User]> {
        let request = URLRequest(url: baseURL.appendingPathComponent(path))
        return session.rx.data(request: request)
            .subscribe(on: requestScheduler)
            .retry(
                maxAttempts: maxAttempts,
                initialDelay: firstRetryDelay,
                scheduler: retryScheduler,
                shouldRetry: UserListViewModel.isWorthRetrying
            )
            .map { data in try JSONDecoder().decode([User].self, from: data) }
    }

    /// Fetches the users at `path` and publishes one ``UserFetchEvent`` with the
    /// outcome. Disposing the result before the answer cancels the request, and then
    /// nothing is published.
    @discardableResult
    public func fetchUserList(path: String = "/users") -> Disposable {
        let bus = self.bus
        return users(at: path)
            .observe(on: deliveryScheduler)
            .subscribe(
                onNext: { users in bus.publish(UserFetchEvent(identifier: path, result: .success(users))) },
                onError: { error in bus.publish(UserFetchEvent(identifier: path, result: .failure(error))) }
            )
    }

    private static func isWorthRetrying(_ error: any Error) -> Bool {
        if case let .httpRequestFailed(response, _) = error as? RxCocoaURLError {
            return response.statusCode >= 500
        }
        return error is URLError
    }
}
