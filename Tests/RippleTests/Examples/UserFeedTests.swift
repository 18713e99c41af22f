import Foundation
import Ripple
import RippleBus
import RippleFoundation
import Testing
import UserFeed

extension RippleTests {
    /// The UserFeed example end to end: the view model fetches from a real loopback HTTP
    /// server and publishes one `UserFetchEvent` per fetch on the bus.
    @Suite struct UserFeedTests {
        /// Fetches `path` and returns the one event the bus delivered for it.
        private func fetchEvent(_ path: String, from server: LoopbackHTTPServer) throws -> UserFetchEvent {
            let bus = EventBus()
            let probe = BusProbe<UserFetchEvent>()
            let subscription = bus.subscribe(UserFetchEvent.self) { probe.handle($0) }
            defer { subscription.dispose() }
            let viewModel = UserListViewModel(baseURL: server.url(for: "/"), bus: bus, firstRetryDelay: .milliseconds(5))
            let fetch = viewModel.fetchUserList(path: path)
            defer { fetch.dispose() }
            #expect(eventuallyBlocking({ probe.count == 1 }), "no UserFetchEvent for \(path)")
            return try #require(probe.values.first)
        }

        @Test func aGoodAnswerIsPublishedAsDecodedUsers() throws {
            let server = try LoopbackHTTPServer(routes: UserFeedRoutes.demo)
            defer { server.stop() }
            let event = try fetchEvent("/users", from: server)
            #expect(event.identifier == "/users")
            #expect(try event.result.get().map(\.name) == ["Ada Lovelace", "Grace Hopper", "Edsger Dijkstra"])
        }

        @Test func aServerThatFailsTwiceIsRetriedUntilItAnswers() throws {
            let server = try LoopbackHTTPServer(routes: UserFeedRoutes.demo)
            defer { server.stop() }
            let event = try fetchEvent("/flaky", from: server)
            #expect(try event.result.get().count == 3)
        }

        @Test func a404IsPublishedAsAnHTTPFailureWithoutRetrying() throws {
            let server = try LoopbackHTTPServer(routes: [
                "/users": [.init(status: 404, body: "{}"), .init(status: 200, body: UserFeedRoutes.users)],
            ])
            defer { server.stop() }
            let event = try fetchEvent("/users", from: server)
            guard case let .failure(RxCocoaURLError.httpRequestFailed(response, _)) = event.result else {
                Issue.record("expected an HTTP failure, got \(event.result)")
                return
            }
            // Not retried: a retry would have reached the second answer, a 200.
            #expect(response.statusCode == 404)
            #expect(describeFetchError(RxCocoaURLError.httpRequestFailed(response: response, data: nil)).hasPrefix("HTTP 404"))
        }

        @Test func aBodyThatIsNotJSONIsPublishedAsADecodingError() throws {
            let server = try LoopbackHTTPServer(routes: UserFeedRoutes.demo)
            defer { server.stop() }
            let event = try fetchEvent("/malformed", from: server)
            guard case let .failure(error) = event.result else {
                Issue.record("expected a failure, got \(event.result)")
                return
            }
            #expect(error is DecodingError)
        }
    }
}
