#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An identifier of the calling thread, never 0, cheap enough for a per-element path
/// (one read of the thread pointer).
///
/// The serializing types record it when a call takes the right to deliver, so that a
/// call made later on the same thread (a subscriber emitting back into what it
/// observes) is recognised as re-entrant: it must queue, never wait for itself.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
