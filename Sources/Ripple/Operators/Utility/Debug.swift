#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ObservableType {
    /// Prints every subscription, event and disposal of this sequence, with a
    /// timestamp, and passes the events through unchanged.
    ///
    /// ```swift
    /// Observable.of(1, 2).debug("numbers").subscribe()
    /// // 2026-11-29 20:01:05.123: numbers -> subscribed
    /// // 2026-11-29 20:01:05.123: numbers -> Event next(1)
    /// // 2026-11-29 20:01:05.123: numbers -> Event next(2)
    /// // 2026-11-29 20:01:05.123: numbers -> Event completed
    /// // 2026-11-29 20:01:05.123: numbers -> isDisposed
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The label printed on each line; by default the file, line and
    ///     function of the call.
    ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
    ///   - file: The file of the call, for the default label; leave it to the compiler.
    ///   - line: The line of the call, for the default label; leave it to the compiler.
    ///   - function: The function of the call, for the default label; leave it to the
    ///     compiler.
    /// - Returns: The same events, printed as they pass.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let label = identifier ?? "\(file.split(separator: "/").last ?? ""):\(line) (\(function))"
        return Debug(source: asObservable(), identifier: label, trimOutput: trimOutput)
    }
}

/// Where `debug` writes its lines: standard output, unless a test captures them.
enum DebugOutput {
    private static let capture = LockedValue<(@Sendable (String) -> Void)?>(nil)

    static func write(_ line: String) {
        if let capture = capture.withLock({ $0 }) {
            capture(line)
        } else {
            print(line)
        }
    }

    /// Sends every line `debug` writes during `body` to `handler` instead of stdout.
    static func capturing<Result>(_ handler: @escaping @Sendable (String) -> Void, _ body: () throws -> Result) rethrows -> Result {
        capture.withLock { $0 = handler }
        defer { capture.withLock { $0 = nil } }
        return try body()
    }

    /// The local time as `yyyy-MM-dd HH:mm:ss.SSS`.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        localtime_r(&seconds, &local)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let millis = Int32(now.tv_nsec / 1_000_000)
        return "\(pad(local.tm_year + 1900, 4))-\(pad(local.tm_mon + 1, 2))-\(pad(local.tm_mday, 2)) "
            + "\(pad(local.tm_hour, 2)):\(pad(local.tm_min, 2)):\(pad(local.tm_sec, 2)).\(pad(millis, 3))"
    }
}

final private class Debug<Element>: Producer<Element> {
    let source: Observable<Element>
    let identifier: String
    let trimOutput: Bool

    init(source: Observable<Element>, identifier: String, trimOutput: Bool) {
        self.source = source
        self.identifier = identifier
        self.trimOutput = trimOutput
    }

    override func run<Observer: ElementObserver>(_ observer: Observer, cancel: SinkDisposer) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = DebugSink(parent: self, observer: observer, cancel: cancel)
        sink.log("subscribed")
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

final private class DebugSink<Observer: ElementObserver>: Sink<Observer>, ElementObserver {
    typealias Element = Observer.Element

    private let identifier: String
    private let trimOutput: Bool

    init(parent: Debug<Element>, observer: Observer, cancel: SinkDisposer) {
        self.identifier = parent.identifier
        self.trimOutput = parent.trimOutput
        super.init(observer: observer, cancel: cancel)
    }

    func log(_ message: String) {
        DebugOutput.write("\(DebugOutput.timestamp()): \(identifier) -> \(message)")
    }

    func on(next element: Element) {
        log("Event \(describe(Event.next(element)))")
        forwardOn(next: element)
    }

    func on(error: Swift.Error) {
        log("Event \(describe(Event.error(error)))")
        forwardErrorAndDispose(error)
    }

    func onCompletion() {
        log("Event \(describe(Event.completed))")
        forwardCompletedAndDispose()
    }

    private func describe(_ event: Event<Element>) -> String {
        let description = event.debugDescription
        guard trimOutput, description.count > 40 else { return description }
        return String(description.prefix(20)) + "..." + String(description.suffix(17))
    }

    override func dispose() {
        if !isDisposed {
            log("isDisposed")
        }
        super.dispose()
    }
}
