import Dispatch
import Foundation
import Testing
@testable import Ripple
import RippleTest

/// A class with a reactive extension of its own and writable properties.
final class Thermostat: ReactiveCompatible {
    var target = 20
    var label = ""
    var mode = "auto"
    private(set) var setCount = 0

    func set(_ value: Int) {
        target = value
        setCount += 1
    }
}

extension Reactive where Base: Thermostat {
    /// A binder through `set(_:)`, on the scheduler the test picks.
    func target(on scheduler: ImmediateSchedulerType) -> Binder<Int> {
        Binder(base, scheduler: scheduler) { thermostat, value in thermostat.set(value) }
    }

    /// Shadows the dynamic member `mode`: declared members win over dynamic lookup.
    var mode: String { "declared" }

    /// A static member, reached through `Thermostat.rx`.
    static var defaultTargets: Observable<Int> { .of(18, 20, 22) }
}

/// A value type with reactive extensions.
struct Reading: ReactiveCompatible, Equatable {
    var celsius: Double
}

extension Reactive where Base == Reading {
    /// The reading as a one-element sequence.
    var value: Observable<Double> { .just(base.celsius) }
}

/// A Foundation class: reactive compatible through `NSObject`.
final class Sensor: NSObject {
    var level = 0
}

extension RippleTests {
    @Suite struct ReactiveTests {
        @Test func rxWrapsTheInstanceItIsReachedFrom() {
            let thermostat = Thermostat()
            #expect(thermostat.rx.base === thermostat)
            #expect(Reactive(thermostat).base === thermostat)
        }

        @Test func extensionsOnReactiveAreReachableThroughRx() {
            let scheduler = TestScheduler(initialClock: 0)
            let thermostat = Thermostat()
            let source = scheduler.createHotObservable([.next(210, 19), .next(220, 23), .completed(230)])
            _ = source.bind(to: thermostat.rx.target(on: scheduler))
            scheduler.start()
            #expect(thermostat.target == 23)
            #expect(thermostat.setCount == 2)
        }

        @Test func staticMembersAreReachableThroughTheTypesRx() {
            let type: Reactive<Thermostat>.Type = Thermostat.rx
            #expect(type == Reactive<Thermostat>.self)
            #expect(Thermostat.rx.defaultTargets.recordSynchronously() == [.next(18), .next(20), .next(22), .completed])
        }

        @Test func valueTypesCanBeReactiveCompatible() {
            let reading = Reading(celsius: 21.5)
            #expect(reading.rx.base == reading)
            #expect(reading.rx.value.recordSynchronously() == [.next(21.5), .completed])
        }

        @Test func theSettersOfRxChangeNothing() {
            var reading = Reading(celsius: 1)
            reading.rx = Reactive(Reading(celsius: 2))
            #expect(reading.celsius == 1)
            Reading.rx = Reactive<Reading>.self
            #expect(reading.rx.base.celsius == 1)
        }

        @Test func aWritablePropertyIsABinderByDynamicMemberLookup() {
            let thermostat = Unchecked(Thermostat())
            let label: Binder<String> = thermostat.value.rx.label
            label.onNext("living room")
            // The binder writes on the main queue (Binder's default scheduler), so
            // work queued there after it sees the value.
            let seen = ValueLog<String>()
            #expect(onMainQueue { seen.append(thermostat.value.label) })
            #expect(seen.all == ["living room"])
        }

        @Test func theDynamicBinderWritesOnTheMainQueue() {
            let thermostat = Unchecked(Thermostat())
            let onMain = ValueLog<Bool>()
            let written = DispatchSemaphore(value: 0)
            let probe = Binder<Int>(thermostat.value, scheduler: MainScheduler.instance) { _, _ in
                onMain.append(DispatchQueue.isMain)
                written.signal()
            }
            thermostat.value.rx.target.onNext(25)
            probe.onNext(0)   // queued behind the write, on the same serial main queue
            #expect(waitFor(written))
            #expect(onMain.all == [true])
            let seen = ValueLog<Int>()
            #expect(onMainQueue { seen.append(thermostat.value.target) })
            #expect(seen.all == [25])
        }

        @Test func theDynamicBinderIgnoresCompletionAndDropsElementsOnceTheObjectIsGone() {
            var thermostat: Thermostat? = Thermostat()
            let binder = thermostat!.rx.target
            weak let weakThermostat = thermostat
            thermostat = nil
            #expect(weakThermostat == nil)
            binder.onNext(30)
            binder.onCompleted()
            // The write is queued on the main queue and finds no object: nothing runs,
            // nothing crashes, and the binder holds nothing alive.
            #expect(onMainQueue {})
        }

        @Test func declaredMembersWinOverDynamicMembers() {
            let thermostat = Thermostat()
            #expect(thermostat.rx.mode == "declared")
        }

        @Test func everyNSObjectIsReactiveCompatible() {
            let sensor = Sensor()
            #expect(sensor.rx.base === sensor)
            let level: Binder<Int> = sensor.rx.level
            let queue = OperationQueue()
            let foundationObject: Reactive<OperationQueue> = queue.rx
            #expect(foundationObject.base === queue)
            _ = Observable<Int>.just(7).bind(to: level)
            let sendable = Unchecked(sensor)
            let seen = ValueLog<Int>()
            #expect(onMainQueue { seen.append(sendable.value.level) })
            #expect(seen.all == [7])
        }
    }
}
