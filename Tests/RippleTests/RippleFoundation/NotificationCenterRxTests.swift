import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleFoundation

extension RippleTests {
    @Suite struct NotificationCenterRxTests {
        static let refresh = Notification.Name("RippleTests.refresh")
        static let logout = Notification.Name("RippleTests.logout")

        /// A sender object for `object:` filtering.
        final class Sender {}

        @Test func postedNotificationsWithTheNameArriveInOrder() {
            let center = NotificationCenter()
            let names = ValueLog<String>()
            let subscription = center.rx.notification(Self.refresh)
                .subscribe(onNext: { note in names.append("\(note.name.rawValue):\(note.userInfo?["n"] as? Int ?? -1)") })
            center.post(name: Self.refresh, object: nil, userInfo: ["n": 1])
            center.post(name: Self.logout, object: nil, userInfo: ["n": 2])
            center.post(name: Self.refresh, object: nil, userInfo: ["n": 3])
            subscription.dispose()
            #expect(names.all == ["RippleTests.refresh:1", "RippleTests.refresh:3"])
        }

        @Test func aNilNameReceivesEveryNotificationOfTheCenter() {
            let center = NotificationCenter()
            let names = ValueLog<Notification.Name>()
            let subscription = center.rx.notification(nil).subscribe(onNext: { names.append($0.name) })
            center.post(name: Self.refresh, object: nil)
            center.post(name: Self.logout, object: nil)
            subscription.dispose()
            #expect(names.all == [Self.refresh, Self.logout])
        }

        @Test func anObjectFiltersBySender() {
            let center = NotificationCenter()
            let mine = Sender()
            let other = Sender()
            let count = Counter()
            let subscription = center.rx.notification(Self.refresh, object: mine).subscribe(onNext: { _ in count.increment() })
            center.post(name: Self.refresh, object: other)
            center.post(name: Self.refresh, object: nil)
            center.post(name: Self.refresh, object: mine)
            subscription.dispose()
            #expect(count.value == 1)
        }

        @Test func theSequenceDoesNotKeepTheSenderAlive() {
            let center = NotificationCenter()
            var sender: Sender? = Sender()
            weak let weakSender = sender
            let notifications = center.rx.notification(Self.refresh, object: sender)
            sender = nil
            #expect(weakSender == nil)
            // The sender is gone, so nothing can come from it: not every sender's posts.
            let count = Counter()
            let subscription = notifications.subscribe(onNext: { _ in count.increment() })
            center.post(name: Self.refresh, object: Sender())
            center.post(name: Self.refresh, object: nil)
            subscription.dispose()
            #expect(count.value == 0)
        }

        @Test func notificationsArriveSynchronouslyOnThePostingThread() {
            let center = NotificationCenter()
            let queue = MarkedQueue("poster")
            let onPoster = ValueLog<Bool>()
            let subscription = center.rx.notification(Self.refresh).subscribe(onNext: { _ in onPoster.append(queue.isCurrent) })
            queue.queue.sync {
                center.post(name: Self.refresh, object: nil)
                // Delivered before `post` returned.
                #expect(onPoster.count == 1)
            }
            subscription.dispose()
            #expect(onPoster.all == [true])
        }

        @Test func observeOnMovesDeliveryToTheMainQueue() {
            let center = NotificationCenter()
            let onMain = ValueLog<Bool>()
            let delivered = DispatchSemaphore(value: 0)
            let subscription = center.rx.notification(Self.refresh)
                .observe(on: MainScheduler.instance)
                .subscribe(onNext: { _ in
                    onMain.append(DispatchQueue.isMain)
                    delivered.signal()
                })
            center.post(name: Self.refresh, object: nil)
            #expect(waitFor(delivered))
            subscription.dispose()
            #expect(onMain.all == [true])
        }

        @Test func disposalRemovesTheObserverFromTheCenter() {
            // The center's observer block holds the subscription's sink; only removing
            // the observer releases it. So if `Resources.total` is back once the
            // subscriptions are disposed and dropped, while the center lives on, the
            // center no longer holds the blocks. (On Linux, Foundation's
            // `NotificationCenter` cannot be subclassed to count its observers.)
            let center = NotificationCenter()
            let notifications = center.rx.notification(Self.refresh)
            let before = Resources.total
            func subscribeTwiceAndDispose() {
                let first = notifications.subscribe()
                let second = notifications.subscribe()
                #expect(Resources.total > before)
                first.dispose()
                second.dispose()
            }
            subscribeTwiceAndDispose()
            #expect(Resources.total == before)
            center.post(name: Self.refresh, object: nil)
        }

        @Test func afterDisposalPostsReachNothing() {
            let center = NotificationCenter()
            let count = Counter()
            let subscription = center.rx.notification(Self.refresh).subscribe(onNext: { _ in count.increment() })
            center.post(name: Self.refresh, object: nil)
            subscription.dispose()
            center.post(name: Self.refresh, object: nil)
            #expect(count.value == 1)
        }

        @Test func theSequenceNeverEnds() {
            let center = NotificationCenter()
            let recorder = EventRecorder<String>()
            let subscription = center.rx.notification(Self.refresh).map { $0.name.rawValue }.subscribe(recorder)
            center.post(name: Self.refresh, object: nil)
            #expect(recorder.events == [.next("RippleTests.refresh")])
            subscription.dispose()
            #expect(recorder.events == [.next("RippleTests.refresh")])
        }

        @Test func theDefaultCenterWorksToo() {
            let name = Notification.Name("RippleTests.default.\(UUID().uuidString)")
            let count = Counter()
            let subscription = NotificationCenter.default.rx.notification(name).subscribe(onNext: { _ in count.increment() })
            NotificationCenter.default.post(name: name, object: nil)
            subscription.dispose()
            NotificationCenter.default.post(name: name, object: nil)
            #expect(count.value == 1)
            let type: Reactive<NotificationCenter>.Type = NotificationCenter.rx
            #expect(type == Reactive<NotificationCenter>.self)
        }
    }
}
