import Testing
@testable import Ripple

extension RippleTests {
    /// `Resources.total` and the per-kind report `Resources.liveObjects` that the leak
    /// check prints when a test leaves objects alive.
    @Suite struct LiveObjectsTests {
        @Test func liveObjectsNameTheKindsASubscriptionKeepsAlive() {
            let subject = PublishSubject<Int>()
            let totalBefore = Resources.total
            let before = Resources.liveObjects
            do {
                let subscription = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
                let diff = Resources.liveObjectsDiff(from: before)
                #if DEBUG
                #expect(diff.keys.contains { $0.hasPrefix("MapSink<") }, "\(diff)")
                #expect(diff.keys.contains { $0.hasPrefix("SubjectSubscription<") }, "\(diff)")
                #expect(diff.values.allSatisfy { $0 > 0 })
                #expect(diff.values.reduce(0, +) == Int(Resources.total - totalBefore))
                #else
                #expect(diff.isEmpty)
                #endif
                subscription.dispose()
            }
            // Once the subscription and what `subscribe` returned are gone, so are they all.
            #expect(Resources.liveObjectsDiff(from: before).isEmpty)
        }

        @Test func liveObjectsCountEveryInstanceOfAKind() {
            let before = Resources.liveObjects
            let disposables = (0..<5).map { _ in SingleAssignmentDisposable() }
            #if DEBUG
            #expect(Resources.liveObjectsDiff(from: before) == ["SingleAssignmentDisposable": 5])
            #endif
            withExtendedLifetime(disposables) {}
        }

        @Test func objectsCountedFromOutsideRippleAppearAsExternal() {
            let before = Resources.liveObjects
            Resources.incrementTotal()
            #if DEBUG
            #expect(Resources.liveObjectsDiff(from: before) == ["(external)": 1])
            #endif
            Resources.decrementTotal()
            #expect(Resources.liveObjectsDiff(from: before).isEmpty)
        }

        @Test func theLeakMessageListsTheLargestDifferencesFirst() {
            let message = ResourceLeakCheck.describe(["SinkDisposer": 1, "MapSink<Int, Int>": 2, "Gone": -3])
            #expect(message == "-3 Gone, +2 MapSink<Int, Int>, +1 SinkDisposer")
            #expect(ResourceLeakCheck.describe([:]) == "(no kind differs)")
        }
    }
}
