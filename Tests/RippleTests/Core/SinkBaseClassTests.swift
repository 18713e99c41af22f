import Testing
@testable import Ripple

extension RippleTests {
    /// For a low process floor, the sink base classes every pipeline meets state no
    /// protocol requirement on `Observer`, only `AnyObject` (a layout constraint, which
    /// keeps their fields at fixed offsets; the forwarding methods are in a constrained
    /// extension), so instantiating a sink's metadata, which builds its superclass from
    /// a mangled name, needs no protocol conformance lookup (the first one in a process
    /// scans every loaded library's conformance records: Benchmarks.md,
    /// "flatmap and the process floor"). Naming them with a class that is no observer compiles,
    /// and builds their metadata, only while that holds.
    @Suite struct SinkBaseClassTests {
        final class NotAnObserver {}

        @Test func theLoopSinkIsASinkOfAnyObserverClass() {
            #expect(_getSuperclass(TrampolineLoopSink<NotAnObserver>.self) == Sink<NotAnObserver>.self)
            #expect(_getSuperclass(Sink<NotAnObserver>.self) == TrampolineWork.self)
        }

        @Test func theForwardingSinkIsASinkOfAnyObserverClass() {
            #expect(_getSuperclass(ForwardingSink<NotAnObserver>.self) == Sink<NotAnObserver>.self)
        }
    }
}
