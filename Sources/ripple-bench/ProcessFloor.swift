#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory a process pays for linking Ripple before any workload runs.
///
/// ripple-bench links only Ripple (no Foundation), so its peak resident set before the
/// first workload is the floor of any program that uses Ripple alone.
enum ProcessFloor {
    /// The report line: `# process: peak_rss_mib=<MiB> (a program that links only Ripple)`.
    static func line() -> String {
        let mib = peakResidentKiB().map { "\(Double(Int((Double($0) / 1024 * 10).rounded())) / 10)" } ?? "unknown"
        return "# process: peak_rss_mib=\(mib) (a program that links only Ripple)"
    }

    /// This process's peak resident set size in KiB, so far: `VmHWM` on Linux,
    /// `ru_maxrss` elsewhere.
    static func peakResidentKiB() -> Int? {
        #if os(Linux)
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return Int(text.dropFirst(6).filter(\.isNumber))
            }
        }
        return nil
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss) / 1024   // bytes on Darwin
        #endif
    }
}
