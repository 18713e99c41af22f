#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What Foundation's `Thread` would say about the calling thread, without linking
/// Foundation: the core module stays Foundation-free, so a program that uses only
/// Ripple does not load it.
enum CurrentThread {
    /// Whether the caller runs on the process's main thread (as `Thread.isMainThread`).
    static var isMain: Bool {
        #if canImport(Darwin)
        pthread_main_np() != 0
        #else
        // The main thread's kernel thread id is the process id. `gettid` is not in the
        // Glibc module's headers, so it is looked up at run time (glibc ≥ 2.30, musl).
        guard let gettid = libcFunction("gettid", as: (@convention(c) () -> pid_t).self) else {
            return false
        }
        return gettid() == getpid()
        #endif
    }

    /// The symbolicated frames of the caller's stack, innermost first, as
    /// `Thread.callStackSymbols` gives them; empty where the C library cannot say.
    static func callStackSymbols() -> [String] {
        typealias Capture = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
        typealias Symbolicate = @convention(c) (UnsafePointer<UnsafeMutableRawPointer?>?, Int32)
            -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        #if canImport(Darwin)
        let capture: Capture? = { backtrace($0, $1) }
        let symbolicate: Symbolicate? = { backtrace_symbols($0, $1) }
        #else
        // `backtrace` and `backtrace_symbols` (execinfo.h) are not in the Glibc module.
        let capture = libcFunction("backtrace", as: Capture.self)
        let symbolicate = libcFunction("backtrace_symbols", as: Symbolicate.self)
        #endif
        guard let capture, let symbolicate else {
            return []
        }
        var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 128)
        let count = frames.withUnsafeMutableBufferPointer { capture($0.baseAddress, Int32($0.count)) }
        guard count > 0, let symbols = symbolicate(frames, count) else {
            return []
        }
        defer { free(symbols) }
        // Drops this function's own frame, so the list starts at the caller.
        return (1..<Int(count)).compactMap { symbols[$0].map { String(cString: $0) } }
    }

    #if !canImport(Darwin)
    /// A C library function by name, from the symbols the process has loaded.
    private static func libcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        // A null handle is `RTLD_DEFAULT`: search every loaded object.
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }
    #endif
}
