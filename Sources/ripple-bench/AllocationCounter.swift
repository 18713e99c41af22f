#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Ripple

/// Counts Swift heap allocations while a block runs.
///
/// Method: the Swift runtime routes `swift_allocObject` (every class instance, closure
/// context, box, and array or string buffer) through the function pointer
/// `_swift_allocObject` once the byte
/// `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly` is set;
/// these are the runtime's instrumentation hooks (swift/Runtime/InstrumentsSupport.h).
/// `count(_:)` points the hook at a counter for the duration of the block and restores
/// it afterwards. The hook is never on while a repetition is timed, because it also
/// sends every retain and release through a pointer.
///
/// Not counted: raw `malloc` that does not go through the Swift runtime (Dispatch's own
/// blocks and continuations, `UnsafeMutablePointer.allocate`, C libraries).
enum AllocationCounter {
    private typealias AllocObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

    private struct Hooks {
        let allocSlot: UnsafeMutablePointer<AllocObject>
        let swizzleFlag: UnsafeMutablePointer<UInt8>
        let original: AllocObject
    }

    // Written once, in `install()` on the main thread before any hook runs; read by the
    // hook afterwards, on any thread.
    nonisolated(unsafe) private static var hooks: Hooks?
    private static let allocations = AtomicValue<Int>(0)

    /// Whether the runtime offers the hooks; when false, `count(_:)` returns nil.
    static let isAvailable: Bool = install()

    /// A one-line description of the method for the output header.
    static var method: String {
        isAvailable
            ? "Swift heap objects counted through the runtime's _swift_allocObject hook in one extra untimed run (raw malloc by Dispatch/libc not counted)"
            : "unavailable on this runtime (allocs_per_event reported as -1)"
    }

    private static func install() -> Bool {
        // Touch the counter now so its lazy initialisation never happens inside the hook.
        allocations.store(0, ordering: .relaxed)
        guard let slot = dlsym(nil, "_swift_allocObject"),
              let flag = dlsym(nil, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
        else { return false }
        let allocSlot = slot.assumingMemoryBound(to: AllocObject.self)
        hooks = Hooks(allocSlot: allocSlot, swizzleFlag: flag.assumingMemoryBound(to: UInt8.self), original: allocSlot.pointee)
        return true
    }

    /// Runs `body` and returns how many Swift heap objects it allocated, on any thread.
    static func count(_ body: () -> Void) -> Int? {
        guard isAvailable, let hooks else {
            body()
            return nil
        }
        allocations.store(0, ordering: .relaxed)
        hooks.allocSlot.pointee = { metadata, size, alignmentMask in
            AllocationCounter.allocations.wrappingAdd(1, ordering: .relaxed)
            return AllocationCounter.hooks.unsafelyUnwrapped.original(metadata, size, alignmentMask)
        }
        hooks.swizzleFlag.pointee = 1
        body()
        hooks.swizzleFlag.pointee = 0
        hooks.allocSlot.pointee = hooks.original
        return allocations.load(ordering: .relaxed)
    }
}
