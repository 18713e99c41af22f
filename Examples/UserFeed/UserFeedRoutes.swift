import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RippleFoundation

/// The routes the example's loopback server answers: one good answer and each way a
/// fetch can go wrong.
public enum UserFeedRoutes {
    /// Three users as JSON.
    public static let users = #"[{"name":"Ada Lovelace"},{"name":"Grace Hopper"},{"name":"Edsger Dijkstra"}]"#

    /// `/users` answers at once; `/flaky` fails with 503 twice and then answers;
    /// `/malformed` answers 200 with a body that is not JSON; every other path
    /// (`/missing`) is a 404.
    public static let demo: [String: [LoopbackHTTPServer.Response]] = [
        "/users": [.init(status: 200, body: users)],
        "/flaky": [.init(status: 503, body: "{}"), .init(status: 503, body: "{}"), .init(status: 200, body: users)],
        "/malformed": [.init(status: 200, body: #"{"name": "Ada""#)],
    ]
}

/// A one-line, human explanation of why a fetch failed.
public func describeFetchError(_ error: any Error) -> String {
    switch error {
    case let RxCocoaURLError.httpRequestFailed(response, _):
        "HTTP \(response.statusCode) (RxCocoaURLError.httpRequestFailed)"
    case is DecodingError:
        "the body is not a list of users (DecodingError)"
    default:
        String(describing: error)
    }
}
