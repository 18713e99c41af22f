import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A real HTTP server on 127.0.0.1, for tests of `URLSession.rx`: a `python3` child
/// process running ``script``, on a port the system picks. A suite marked
/// `.localHTTPServer` shares one for all its tests (``current``); a test may also
/// start its own with ``start()``.
///
/// Routes (all `GET`, JSON bodies, `Connection: close`):
/// - `/users`: 200, `[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]`;
/// - `/missing` (and any unknown path): 404, `{"error": "not found"}`;
/// - `/malformed`: 200 with a body that is not valid JSON;
/// - `/slow?seconds=S`: waits S seconds (2 by default), then 200 `{"slow": true}`;
/// - `/flaky?key=K&failures=N`: the first N requests with key K get 503, later ones
///   200; every body is `{"attempt": n}`, the request's number for that key;
/// - `/count?key=K`: 200 `{"count": n}`, how many `/flaky` requests key K has seen.
///
/// How it starts: `python3 -u -c <script>`; the script binds port 0, prints the port
/// on one line and serves (a thread per connection, so `/slow` blocks nobody). The
/// start waits for that line, at most five seconds. How it stops: ``stop()`` closes
/// the script's standard input, which it watches and exits on, then terminates it and
/// waits; a test process that dies closes that pipe too, so no server outlives it.
/// Its standard error goes to a temporary file, shown when it fails to start.
final class LocalHTTPServer: @unchecked Sendable {
    // `@unchecked Sendable`: every stored property is set in `init` and never changed;
    // `Process` and `Pipe` are used from the test's thread only.

    /// Why the server did not start.
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The server's script: Python 3 standard library only.
    static let script = #"""
    import http.server, json, os, sys, threading, time, urllib.parse

    USERS = [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]
    counts = {}
    counts_lock = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

        def reply(self, status, body):
            data = body.encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client cancelled the request

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            def arg(name, default):
                return query.get(name, [default])[0]
            if url.path == "/users":
                self.reply(200, json.dumps(USERS))
            elif url.path == "/malformed":
                self.reply(200, '{"users": [{"id": 1,')
            elif url.path == "/slow":
                time.sleep(float(arg("seconds", "2")))
                self.reply(200, json.dumps({"slow": True}))
            elif url.path == "/flaky":
                key, failures = arg("key", "default"), int(arg("failures", "2"))
                with counts_lock:
                    counts[key] = counts.get(key, 0) + 1
                    attempt = counts[key]
                self.reply(503 if attempt <= failures else 200, json.dumps({"attempt": attempt}))
            elif url.path == "/count":
                with counts_lock:
                    count = counts.get(arg("key", "default"), 0)
                self.reply(200, json.dumps({"count": count}))
            else:
                self.reply(404, json.dumps({"error": "not found"}))

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
        def handle_error(self, request, client_address):
            pass  # a cancelled request is not news

    def exit_when_parent_goes():
        sys.stdin.read()
        os._exit(0)

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=exit_when_parent_goes, daemon=True).start()
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

    /// The server of the suite being run (see ``SharedLocalHTTPServer``), or `nil` if
    /// it could not start (an issue then says why).
    @TaskLocal static var current: LocalHTTPServer?

    /// The port the server listens on.
    let port: Int
    private let process: Process
    private let input: Pipe
    private let errorLog: URL

    private init(port: Int, process: Process, input: Pipe, errorLog: URL) {
        self.port = port
        self.process = process
        self.input = input
        self.errorLog = errorLog
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// A `GET` request for `path`, with a timeout short enough for a test.
    func request(_ path: String) -> URLRequest {
        URLRequest(url: url(path), cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
    }

    /// Starts a server, or throws a ``StartFailure`` that says why (no `python3` on
    /// the `PATH`, the script failed, no port within five seconds).
    static func start() throws -> LocalHTTPServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", script]
        let input = Pipe()
        let output = Pipe()
        let errorLog = FileManager.default.temporaryDirectory
            .appendingPathComponent("ripple-http-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorLog)
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "LocalHTTPServer: cannot run /usr/bin/env python3: \(error)")
        }

        // Read the first line (the port) on another thread, so a stuck start times out.
        let portLine = LineReader(output.fileHandleForReading)
        let port = portLine.firstLine(within: .seconds(5)).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard let port else {
            input.fileHandleForWriting.closeFile()
            if process.isRunning {
                process.terminate()
            }
            process.waitUntilExit()
            let stderr = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: errorLog)
            throw StartFailure(description: """
                LocalHTTPServer: python3 did not start an HTTP server on 127.0.0.1 \
                (exit status \(process.terminationStatus)). The URLSession tests need python3 \
                on the PATH. Its standard error:
                \(stderr)
                """)
        }
        return LocalHTTPServer(port: port, process: process, input: input, errorLog: errorLog)
    }

    /// Stops the server and waits for the process to end.
    func stop() {
        input.fileHandleForWriting.closeFile()
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: errorLog)
    }
}

/// Starts one ``LocalHTTPServer`` around a whole suite and stops it afterwards; the
/// suite's tests find it in ``LocalHTTPServer/current``. Starting python3 costs far
/// more than a request, so one server per suite keeps the tests fast; tests that
/// count requests use keys of their own.
///
/// If the server cannot start, an issue is recorded that says why, and
/// ``LocalHTTPServer/current`` is `nil` (the tests then record their own issue: none
/// passes without a server).
struct SharedLocalHTTPServer: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let server: LocalHTTPServer?
        do {
            server = try LocalHTTPServer.start()
        } catch {
            Issue.record("\(error)")
            server = nil
        }
        defer { server?.stop() }
        try await LocalHTTPServer.$current.withValue(server) {
            try await function()
        }
    }
}

extension Trait where Self == SharedLocalHTTPServer {
    /// Runs the suite with one shared local HTTP server.
    static var localHTTPServer: Self { SharedLocalHTTPServer() }
}

/// Reads the first line of a pipe on a background thread, with a time limit.
private final class LineReader: @unchecked Sendable {
    // `@unchecked Sendable`: `line` is written by the reading thread before it signals
    // `done` and read by the waiting thread only after `done` is signalled.
    private let handle: FileHandle
    private let done = DispatchSemaphore(value: 0)
    private var line: String?

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func firstLine(within limit: DispatchTimeInterval) -> String? {
        Thread.detachNewThread {
            var bytes = Data()
            while true {
                let chunk = self.handle.availableData
                if chunk.isEmpty {
                    break   // end of file: the process ended without a port
                }
                bytes.append(chunk)
                if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    self.line = String(decoding: bytes[..<newline], as: UTF8.self)
                    break
                }
            }
            self.done.signal()
        }
        guard done.wait(timeout: .now() + limit) == .success else {
            return nil
        }
        return line
    }
}
