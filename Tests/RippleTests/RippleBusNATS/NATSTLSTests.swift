import Foundation
import Testing
import Ripple
@testable import RippleBusNATS
import NATSLocalServer

/// A certificate authority, a server certificate it signed (for 127.0.0.1 and localhost),
/// one for the name `localhost` alone (`named-server`), a client certificate it signed,
/// and a second, unrelated authority with a server certificate of its own (for a server
/// whose certificate changes): made with the `openssl` command in a temporary directory,
/// removed at deinit.
final class TLSTestFiles: Sendable {
    /// Where `openssl` is, if installed.
    static let openssl: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-nats-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n"
            .write(to: directory.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try "subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n"
            .write(to: directory.appendingPathComponent("named.ext"), atomically: true, encoding: .utf8)
        try "extendedKeyUsage=clientAuth\n"
            .write(to: directory.appendingPathComponent("client.ext"), atomically: true, encoding: .utf8)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        for authority in ["ca", "other-ca"] {
            try run(["req", "-x509"] + key + ["-keyout", "\(authority)-key.pem", "-out", "\(authority).pem", "-days", "2", "-subj", "/CN=Ripple test \(authority)"])
        }
        for (leaf, authority, extensions) in [
            ("server", "ca", "server"), ("named-server", "ca", "named"), ("client", "ca", "client"), ("other-server", "other-ca", "server"),
        ] {
            try run(["req"] + key + ["-keyout", "\(leaf)-key.pem", "-out", "\(leaf).csr", "-subj", "/CN=\(leaf)"])
            try run([
                "x509", "-req", "-in", "\(leaf).csr", "-CA", "\(authority).pem", "-CAkey", "\(authority)-key.pem",
                "-CAcreateserial", "-out", "\(leaf).pem", "-days", "2", "-extfile", "\(extensions).ext",
            ])
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The full path of `name` in the directory.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The server's `tls` block; `verifyClients` asks for client certificates, `leaf` is
    /// `server`, `named-server` or `other-server`.
    func serverConfig(verifyClients: Bool = false, leaf: String = "server") -> String {
        """
        tls {
          cert_file: "\(path("\(leaf).pem"))"
          key_file: "\(path("\(leaf)-key.pem"))"
          ca_file: "\(path("ca.pem"))"
          verify: \(verifyClients)
          timeout: 2
        }
        """
    }

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.openssl ?? "openssl")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments.joined(separator: " ")) failed"])
        }
    }
}

extension RippleTests {
    @Suite(
        .enabled(if: NATSLocalServer.isInstalled, "nats-server is not installed: `apt-get install nats-server` (CI installs it)"),
        .enabled(if: TLSTestFiles.openssl != nil, "the openssl command is not installed, needed to make test certificates: `apt-get install openssl`")
    )
    struct NATSTLSTests {
        /// The reason of the ``NATSError/tlsFailed(_:)`` that connecting throws, `nil` if
        /// it connects or throws something else (recorded as an issue).
        private func tlsFailure(connecting url: String, options: NATSConnectionOptions) async -> String? {
            do {
                let connection = try await NATSConnection.connect(to: url, options: options)
                connection.close()
                Issue.record("connected, expected a TLS failure")
            } catch let error as NATSError {
                if case .tlsFailed(let reason) = error {
                    return reason
                }
                Issue.record("expected a TLS failure, got \(error)")
            } catch {
                Issue.record("expected a TLS failure, got \(error)")
            }
            return nil
        }

        /// Subscribes, publishes and flushes on `connection`: whether the message came back.
        private func roundTrip(_ connection: NATSConnection, subject: String) async throws -> Bool {
            let received = LockedValue<[String]>([])
            let subscription = try connection.subscribe(to: subject) { message in
                received.withLock { $0.append(String(decoding: message.payload, as: UTF8.self)) }
            }
            defer { subscription.dispose() }
            try await connection.flush()
            try connection.publish(Array("secret \(subject)".utf8), to: subject)
            try await connection.flush()
            return await eventually(timeout: .seconds(5)) { received.withLock { $0 } == ["secret \(subject)"] }
        }

        @Test func publishAndSubscribeOverTLSVerifiedAgainstTheCAAndAgainAfterAReconnect() async throws {
            let files = try TLSTestFiles()
            let server = try NATSLocalServer(config: files.serverConfig())
            var options = NATSConnectionOptions(name: "tls-round-trip")
            options.tls = NATSTLSOptions(caFile: files.path("ca.pem"))
            let connection = try await NATSConnection.connect(to: server.url, options: options)
            #expect(connection.serverInfo?.tlsRequired == true)
            #expect(try await roundTrip(connection, subject: "tls.first"))

            // A restarted server: the reconnect runs the handshake again.
            server.stop()
            #expect(await eventually(timeout: .seconds(5)) { connection.currentState == .reconnecting })
            try server.start()
            #expect(await eventually(timeout: .seconds(10)) { connection.currentState == .connected })
            #expect(try await roundTrip(connection, subject: "tls.second"))
            connection.close()

            // `tls://` and a host name, checked against the certificate's DNS name.
            var named = NATSConnectionOptions()
            named.tls = NATSTLSOptions(required: false, caFile: files.path("ca.pem"))
            let byName = try await NATSConnection.connect(to: "tls://localhost:\(server.port)", options: named)
            #expect(try await roundTrip(byName, subject: "tls.named"))
            byName.close()
        }

        /// The cluster announces its members by IP; their certificates name `localhost`
        /// only. Failing over to one, the client verifies it by the name it was given.
        @Test func aServerLearnedByIPIsVerifiedByTheHostNameTheClientWasGiven() async throws {
            let files = try TLSTestFiles()
            let nodes = try NATSLocalServer.cluster(size: 2, config: files.serverConfig(leaf: "named-server"))
            defer { nodes.forEach { $0.stop() } }
            var options = NATSConnectionOptions()
            options.tls = NATSTLSOptions(caFile: files.path("ca.pem"))
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(20), maxDelay: .milliseconds(100))
            let connection = try await NATSConnection.connect(to: "tls://localhost:\(nodes[0].port)", options: options)
            defer { connection.close() }
            let learned = "127.0.0.1:\(nodes[1].port)"
            #expect(await eventually(timeout: .seconds(5)) { connection.serverPool.contains(learned) })
            nodes[0].stop()
            #expect(await eventually(timeout: .seconds(10)) { connection.connectedServer == learned })
            #expect(try await roundTrip(connection, subject: "tls.learned"))
        }

        @Test func aServerCertificateFromAnotherAuthorityIsRejectedClearlyWithoutRetrying() async throws {
            let files = try TLSTestFiles()
            let server = try NATSLocalServer(config: files.serverConfig())
            var options = NATSConnectionOptions()
            options.tls = NATSTLSOptions(caFile: files.path("other-ca.pem"))
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil)
            let started = ContinuousClock.now
            let reason = await tlsFailure(connecting: server.url, options: options)
            #expect(reason?.contains("failed verification") == true, "\(reason ?? "")")
            #expect(ContinuousClock.now - started < .seconds(2))

            // The right authority and the wrong name.
            options.tls = NATSTLSOptions(caFile: files.path("ca.pem"), serverName: "nats.example.com")
            let mismatch = await tlsFailure(connecting: server.url, options: options)
            #expect(mismatch?.contains("nats.example.com") == true, "\(mismatch ?? "")")

            // Unsafe, for tests only: no verification at all.
            options.tls = NATSTLSOptions(caFile: files.path("other-ca.pem"), insecureSkipVerify: true)
            let unverified = try await NATSConnection.connect(to: server.url, options: options)
            #expect(try await roundTrip(unverified, subject: "tls.unverified"))
            unverified.close()
        }

        @Test func aCertificateRejectedOnReconnectClosesTheConnectionInsteadOfRetrying() async throws {
            let files = try TLSTestFiles()
            let server = try NATSLocalServer(config: files.serverConfig())
            var options = NATSConnectionOptions()
            options.tls = NATSTLSOptions(caFile: files.path("ca.pem"))
            options.reconnect = NATSReconnectPolicy(maxAttempts: nil, initialDelay: .milliseconds(10), maxDelay: .milliseconds(10))
            let connection = try await NATSConnection.connect(to: server.url, options: options)
            let errors = LockedValue<[NATSError]>([])
            let errorSubscription = connection.errors.subscribe(onNext: { error in errors.withLock { $0.append(error) } })

            // The same address now presents a certificate of another authority.
            server.stop()
            try files.serverConfig(leaf: "other-server")
                .write(to: server.directory.appendingPathComponent("server.conf"), atomically: true, encoding: .utf8)
            try server.start()
            // The state turns `.closed` before the error that closed it reaches `errors`,
            // which reports on a queue of its own: wait for both.
            #expect(await eventually(timeout: .seconds(5)) {
                connection.currentState == .closed && errors.withLock { if case .tlsFailed = $0.last { true } else { false } }
            })
            let reported = errors.withLock { $0 }
            // The attempts made while the server was down, each with its reason, then the
            // rejected certificate, which ends the connection.
            #expect(reported.dropLast().allSatisfy { if case .connectionFailed = $0 { true } else { false } }, "\(reported)")
            if case .tlsFailed(let reason) = reported.last {
                #expect(reason.contains("failed verification"), "\(reason)")
            } else {
                Issue.record("expected a TLS failure on the errors stream, got \(reported)")
            }
            errorSubscription.dispose()
        }

        @Test func mutualTLSNeedsTheClientCertificate() async throws {
            let files = try TLSTestFiles()
            let server = try NATSLocalServer(config: files.serverConfig(verifyClients: true))
            var options = NATSConnectionOptions()
            options.tls = NATSTLSOptions(
                caFile: files.path("ca.pem"), certificateFile: files.path("client.pem"), keyFile: files.path("client-key.pem")
            )
            let connection = try await NATSConnection.connect(to: server.url, options: options)
            #expect(try await roundTrip(connection, subject: "tls.mutual"))
            connection.close()

            options.tls = NATSTLSOptions(caFile: files.path("ca.pem"))
            let started = ContinuousClock.now
            let reason = await tlsFailure(connecting: server.url, options: options)
            #expect(reason?.contains("certificate") == true, "\(reason ?? "")")
            #expect(ContinuousClock.now - started < .seconds(3))

            options.tls = NATSTLSOptions(caFile: files.path("ca.pem"), certificateFile: files.path("missing.pem"))
            let missing = await tlsFailure(connecting: server.url, options: options)
            #expect(missing?.contains("missing.pem") == true, "\(missing ?? "")")
        }

        @Test func aClientThatInsistsOnTLSRefusesAPlainServer() async throws {
            let server = try NATSLocalServer()
            let started = ContinuousClock.now
            await #expect(throws: NATSError.tlsRequired) {
                _ = try await NATSConnection.connect(to: "tls://127.0.0.1:\(server.port)")
            }
            var options = NATSConnectionOptions()
            options.tls = NATSTLSOptions()
            await #expect(throws: NATSError.tlsRequired) {
                _ = try await NATSConnection.connect(to: server.url, options: options)
            }
            #expect(ContinuousClock.now - started < .seconds(2))
            // Without insisting, a plain server stays plain.
            options.tls = NATSTLSOptions(required: false)
            let plain = try await NATSConnection.connect(to: server.url, options: options)
            #expect(try await roundTrip(plain, subject: "plain"))
            plain.close()
        }

        /// A TLS peer played by python3, which tells a `close_notify` (an orderly end)
        /// from a connection that just stopped (`suppress_ragged_eofs=False`) and prints
        /// which one it saw.
        private static let closeWatcher = PythonPeer.greeting(info: #"{"server_id":"tls","version":"2.9.10","max_payload":1048576,"headers":true,"tls_required":true}"#) + """
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(sys.argv[1], sys.argv[2])
            # Python sets this by default; it makes a bare EOF look like a close_notify.
            context.options &= ~getattr(ssl, "OP_IGNORE_UNEXPECTED_EOF", 0)
            tls = context.wrap_socket(peer, server_side=True, suppress_ragged_eofs=False)
            seen = b""
            while b"PING\\r\\n" not in seen:
                seen += tls.recv(65536)
            tls.sendall(b"PONG\\r\\n")
            try:
                while tls.recv(65536):
                    pass
                print("close_notify", flush=True)
            except (ssl.SSLError, OSError) as error:
                print("no close_notify:", error, flush=True)
            """

        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 plays the TLS peer"))
        func closeEndsTheTLSSessionWithCloseNotify() async throws {
            let files = try TLSTestFiles()
            let peer = try PythonPeer(script: Self.closeWatcher, arguments: [files.path("server.pem"), files.path("server-key.pem")])
            defer { peer.stop() }
            let port = peer.port
            #expect(port > 0)
            var options = NATSConnectionOptions()
            options.tls = NATSTLSOptions(caFile: files.path("ca.pem"))
            options.reconnect = NATSReconnectPolicy(maxAttempts: 0)
            let connection = try await NATSConnection.connect(to: "nats://127.0.0.1:\(port)", options: options)
            connection.close()
            #expect(await eventually(timeout: .seconds(10)) { !peer.isRunning })
            let verdict = peer.remainingOutput()
            #expect(verdict.trimmingCharacters(in: .whitespacesAndNewlines) == "close_notify")
        }
    }
}
