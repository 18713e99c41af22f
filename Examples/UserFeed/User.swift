/// A user as the server's `/users` endpoint describes it.
public struct User: Codable, Sendable, Equatable {
    /// The user's display name.
    public let name: String

    /// A user called `name`.
    public init(name: String) {
        self.name = name
    }
}

/// What the view model publishes on the bus after each fetch: the users, or why there
/// are none. A value type carrying a `Result`.
public struct UserFetchEvent: Sendable {
    /// Which fetch this is the answer to (the path that was requested).
    public let identifier: String
    /// The decoded users, or the error that ended the fetch.
    public let result: Result<[User], any Error>

    /// An event for the fetch `identifier` with its `result`.
    public init(identifier: String, result: Result<[User], any Error>) {
        self.identifier = identifier
        self.result = result
    }
}
