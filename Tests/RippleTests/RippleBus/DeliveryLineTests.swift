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
