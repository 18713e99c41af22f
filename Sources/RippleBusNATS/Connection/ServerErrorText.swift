/// What a server's `-ERR` text means for the connection.
///
/// nats-server's texts are fixed English phrases; the client reads them without regard to
/// case. Only refused credentials are permanent: retrying them would be refused again and
/// storm the server. Everything else (`Authentication Timeout`, sent when `CONNECT` comes
/// late on a loaded server; `Maximum Connections Exceeded`; `Stale Connection`) may pass,
/// so a reconnection retries it.
enum ServerErrorText {
    /// The phrases of refused credentials: an unknown user or wrong password, and
    /// credentials (a JWT) that expired or were revoked.
    private static let refusals = ["authorization violation", "authentication expired", "authentication revoked"]

    /// Whether `text` refuses the credentials (the connection closes, no retry).
    static func refusesCredentials(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return refusals.contains { lowered.contains($0) }
    }

    /// Whether `text` refuses one subscribe or publish (the connection stays up).
    static func deniesPermission(_ text: String) -> Bool {
        text.lowercased().contains("permissions violation")
    }
}
