import Testing
@testable import Ripple
@testable import RippleBus
import RippleTest

extension RippleTests {
    /// The delivery line both buses' subscriptions use, on a virtual-time scheduler:
    /// nothing is delivered until the scheduler runs, so what waits is known exactly.
    @Suite struct DeliveryLineTests {
        @Test func aBoundedLineDropsAtEitherBoundAndCountsTheDrops() {
            let scheduler = TestScheduler(initialClock: 0)
            let line = DeliveryLine<[UInt8]>(scheduler: scheduler, limit: 3, byteLimit: 10) { $0.count }
            let delivered = LockedValue<[[UInt8]]>([])
            line.open { element in delivered.withLock { $0.append(element) } }
            #expect(line.enqueue([1]) == .accepted)
            // 1 + 10 bytes would exceed the byte bound: the first drop asks for a report.
            #expect(line.enqueue(Array(repeating: 2, count: 10)) == .dropped(reportsDrops: true))
            #expect(line.enqueue([3]) == .accepted)
            #expect(line.enqueue([4]) == .accepted)
            // Three wait: the count bound; a later drop joins the report already asked for.
            #expect(line.enqueue([5]) == .dropped(reportsDrops: false))
            let drops = line.takeDrops()
            #expect(drops.count == 2)
            #expect(drops.last == [5])
            #expect(line.takeDrops().count == 0)
            #expect(!line.isIdle)
            scheduler.start()
            #expect(delivered.withLock { $0 } == [[1], [3], [4]])
            #expect(line.isIdle)
            // Delivered elements give their share of the bounds back.
            #expect(line.enqueue([6]) == .accepted)
            #expect(line.enqueue(Array(repeating: 7, count: 9)) == .accepted)
            #expect(line.enqueue([8]) == .dropped(reportsDrops: true))
            scheduler.start()
            #expect(delivered.withLock { $0 }.count == 5)
        }

        @Test func anUnboundedLineKeepsEverythingInOrder() {
            let scheduler = TestScheduler(initialClock: 0)
            let line = DeliveryLine<Int>(scheduler: scheduler, limit: 1)
            let delivered = LockedValue<[Int]>([])
            line.open { element in delivered.withLock { $0.append(element) } }
            for element in 0..<1_000 {
                #expect(line.enqueue(element) == .accepted)
            }
            scheduler.start()
            #expect(delivered.withLock { $0 } == Array(0..<1_000))
        }

        /// A `deliver` that passes elements on to a queue of its own (an actor's) keeps
        /// them counted until it releases them: that queue is inside the bounds.
        @Test func elementsHandedOnStayCountedUntilReleased() {
            let scheduler = TestScheduler(initialClock: 0)
            let line = DeliveryLine<[UInt8]>(scheduler: scheduler, limit: 3, byteLimit: 100, size: { $0.count }, releasedByHandler: true)
            // Stands for the actor's queue: filled by the line's drain, emptied by the test.
            let handedOn = LockedValue<[[UInt8]]>([])
            line.open { element in handedOn.withLock { $0.append(element) } }
            for index in 0..<20 {
                line.enqueue([UInt8(index)])
                scheduler.start()
                // However the drain and the arrivals interleave, the held count stays at the bound.
                #expect(line.pending.count <= 3)
            }
            #expect(handedOn.withLock { $0 } == [[0], [1], [2]])
            #expect([line.pending.count, line.pending.bytes] == [3, 3])
            #expect(line.takeDrops().count == 17)
            #expect(!line.isIdle)
            // The handler takes the first: its share comes back, one more fits.
            line.release([0])
            #expect([line.pending.count, line.pending.bytes] == [2, 2])
            #expect(line.enqueue([20]) == .accepted)
            #expect(line.enqueue([21]) == .dropped(reportsDrops: true))
            scheduler.start()
            #expect(handedOn.withLock { $0 } == [[0], [1], [2], [20]])
            for element in [[1], [2], [20]] as [[UInt8]] {
                line.release(element)
            }
            #expect([line.pending.count, line.pending.bytes] == [0, 0])
            #expect(line.isIdle)
            // Disposed with elements handed on: later releases change nothing.
            line.enqueue([30])
            scheduler.start()
            line.dispose()
            line.release([30])
            #expect([line.pending.count, line.pending.bytes] == [0, 0])
        }

        /// The drain lets go of each element as it hands it over: what the handler has been
        /// given and dropped is freed, not kept by the batch until it ends.
        @Test func theDrainKeepsNoElementItHasHandedOver() {
            let scheduler = TestScheduler(initialClock: 0)
            let line = DeliveryLine<Tracked>(scheduler: scheduler, limit: 100, byteLimit: 100, size: { _ in 1 })
            let earlier = LockedValue<[WeakTracked]>([])
            let stillAlive = LockedValue<[Int]>([])
            line.open { element in
                let alive = earlier.withLock { $0.compactMap { $0.value?.id } }
                stillAlive.withLock { $0 += alive }
                earlier.withLock { $0.append(WeakTracked(value: element)) }
            }
            for id in 0..<10 {
                line.enqueue(Tracked(id: id))
            }
            scheduler.start()
            #expect(earlier.withLock { $0.count } == 10)
            #expect(stillAlive.withLock { $0 } == [])
            #expect(earlier.withLock { $0.allSatisfy { $0.value == nil } })
        }

        @Test func nothingIsDeliveredOnceDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let line = DeliveryLine<Int>(scheduler: scheduler)
            let delivered = LockedValue<[Int]>([])
            line.open { element in delivered.withLock { $0.append(element) } }
            line.enqueue(1)
            line.enqueue(2)
            #expect(line.dispose())
            #expect(!line.dispose())
            line.enqueue(3)
            scheduler.start()
            #expect(delivered.withLock { $0 }.isEmpty)
            #expect(line.isDisposed)
            #expect(line.isIdle)
        }
    }
}

/// An element whose lifetime a test can watch.
private final class Tracked: Sendable {
    let id: Int

    init(id: Int) {
        self.id = id
    }
}

/// A weak reference to a ``Tracked``.
private struct WeakTracked: Sendable {
    weak var value: Tracked?
}
