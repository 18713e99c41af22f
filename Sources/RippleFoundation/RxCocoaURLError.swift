import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request made through `URLSession.rx` failed, when the reason is not an
/// error of the URL loading system itself (those, such as `URLError.notConnectedToInternet`,
/// arrive unchanged).
///
/// The same cases as RxCocoa's, so code that switches over them keeps compiling.
///
/// ```swift
/// session.rx.data(request: request).subscribe(onError: { error in
///     if case RxCocoaURLError.httpRequestFailed(let response, _) = error {
///         print("status", response.statusCode)
///     }
/// })
/// ```
public enum RxCocoaURLError: Swift.Error {
    /// The session finished the task with neither a response nor an error.
    case unknown
    /// The response is not an `HTTPURLResponse` (a `data:` or `file:` URL, for instance).
    case nonHTTPResponse(response: URLResponse)
    /// The status code is outside `200 ..< 300`; `data` is the response body.
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// The body could not be decoded (bad JSON); `error` is the decoder's error.
    case deserializationError(error: Swift.Error)
}

extension RxCocoaURLError: CustomDebugStringConvertible {
    /// A one-line explanation, with the status code or the decoder's error.
    ///
    /// ```swift
    /// print(String(reflecting: RxCocoaURLError.unknown))   // "Unknown error has occurred."
    /// ```
    public var debugDescription: String {
        switch self {
        case .unknown:
            "Unknown error has occurred."
        case .nonHTTPResponse(let response):
            "Response is not an HTTPURLResponse: `\(response.url?.absoluteString ?? "<no url>")`."
        case .httpRequestFailed(let response, _):
            "HTTP request failed with status \(response.statusCode)."
        case .deserializationError(let error):
            "Error during deserialization of the response: \(error)"
        }
    }
}
