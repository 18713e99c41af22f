import Testing
@testable import RippleBusNATS

/// A stand-in for a transport: only its identity matters to the state machine.
private final class Link {}

private typealias Machine = ConnectionStateMachine<Link>

/// A machine connected on `link` (handshake done, activation finished).
private func connected(on link: Link) -> Machine {
    var machine = Machine()
    _ = machine.handshakeCompleted(link)
    machine.activated()
    return machine
}

private func isWrite(_ route: Machine.Route, to link: Link) -> Bool {
    if case .write(let target) = route {
        return target === link
    }
    return false
}

private func isBuffer(_ route: Machine.Route) -> Bool {
    if case .buffer = route {
        return true
    }
    return false
}

extension RippleTests {
    /// The connection's life without sockets: every state × the events that matter, and
    /// the actions each returns.
    struct NATSConnectionStateMachineTests {
        @Test func firstConnectionBuffersUntilActivatedThenWritesToTheLink() throws {
            var machine = Machine()
            let link = Link()
            #expect(machine.status == .connecting)
            #expect(isBuffer(try machine.route(excluding: nil)))
            #expect(machine.handshakeCompleted(link) == .activate)
            #expect(machine.link === link)
            // Activating: publishes still join the buffer, which the activation sends first.
            #expect(machine.status == .connecting)
            #expect(isBuffer(try machine.route(excluding: nil)))
            #expect(machine.connectedLink == nil)
            machine.activated()
            #expect(machine.status == .connected)
            #expect(isWrite(try machine.route(excluding: nil), to: link))
            #expect(machine.connectedLink === link)
            // A write that just failed on the link buffers instead of retrying it.
            #expect(isBuffer(try machine.route(excluding: link)))
        }

        @Test func lostWhileConnectedReconnectsAndBuffers() throws {
            let link = Link()
            var machine = connected(on: link)
            machine.pongReceived()
            #expect(machine.confirmed)
            #expect(machine.lost(link) == .reconnect)
            #expect(machine.status == .reconnecting)
            #expect(machine.link == nil)
            #expect(isBuffer(try machine.route(excluding: nil)))
            // The next link starts unconfirmed.
            let next = Link()
            #expect(machine.handshakeCompleted(next) == .activate)
            #expect(!machine.confirmed)
            machine.activated()
            #expect(machine.status == .connected)
            #expect(isWrite(try machine.route(excluding: nil), to: next))
        }

        @Test func theLossOfAReplacedLinkKeepsTheCurrentOne() {
            let old = Link()
            var machine = connected(on: old)
            let current = Link()
            _ = machine.handshakeCompleted(current)
            #expect(machine.lost(old) == .reconnect)
            #expect(machine.link === current)
        }

        @Test func aFailedActivationForgetsOnlyItsOwnLink() {
            var machine = Machine()
            let link = Link()
            _ = machine.handshakeCompleted(link)
            machine.activationFailed(Link())
            #expect(machine.link === link)
            machine.activationFailed(link)
            #expect(machine.link == nil)
            #expect(machine.status == .connecting)
        }

        @Test func closeWhileConnectedShutsTheLinkDownAndStopsOnLoss() {
            let link = Link()
            var machine = connected(on: link)
            #expect(machine.closeRequested() === link)
            #expect(machine.closing)
            // Still connected until the read loop sees the link end.
            #expect(machine.status == .connected)
            #expect(machine.lost(link) == .stop)
            #expect(machine.status == .connected)
            let end = machine.finish()
            #expect(end.first)
            #expect(end.link == nil)
            #expect(machine.status == .closed)
        }

        @Test func closeDuringAHandshakeClosesTheNewLink() {
            var machine = Machine()
            #expect(machine.closeRequested() == nil)
            #expect(machine.handshakeCompleted(Link()) == .closeLink)
            #expect(machine.link == nil)
        }

        @Test func closeDuringReconnectStopsWithNothingToShutDown() throws {
            let link = Link()
            var machine = connected(on: link)
            #expect(machine.lost(link) == .reconnect)
            #expect(machine.closeRequested() == nil)
            #expect(machine.closing)
            // A handshake that completes after the close does not revive the connection.
            let late = Link()
            #expect(machine.handshakeCompleted(late) == .closeLink)
            #expect(machine.lost(late) == .stop)
            _ = machine.finish()
            #expect(machine.status == .closed)
            #expect(throws: NATSError.closed) { try machine.route(excluding: nil) }
        }

        @Test func drainWhileConnectedUnsubscribesOnTheLinkAndRefusesSubscriptions() throws {
            let link = Link()
            var machine = connected(on: link)
            try machine.checkSubscribe()
            guard case .unsubscribe(let target) = try machine.drainRequested() else {
                Issue.record("expected unsubscribe")
                return
            }
            #expect(target === link)
            #expect(machine.draining)
            #expect(throws: NATSError.closed) { try machine.checkSubscribe() }
            // Publishes are still taken until the close.
            #expect(isWrite(try machine.route(excluding: nil), to: link))
        }

        @Test func drainDuringReconnectHasNothingToUnsubscribe() throws {
            let link = Link()
            var machine = connected(on: link)
            _ = machine.lost(link)
            guard case .notConnected = try machine.drainRequested() else {
                Issue.record("expected notConnected")
                return
            }
            #expect(machine.draining)
            #expect(throws: NATSError.closed) { try machine.checkSubscribe() }
        }

        @Test func lostDuringDrainReconnectsStillDraining() throws {
            let link = Link()
            var machine = connected(on: link)
            _ = try machine.drainRequested()
            #expect(machine.lost(link) == .reconnect)
            #expect(machine.status == .reconnecting)
            #expect(machine.draining)
            #expect(throws: NATSError.closed) { try machine.checkSubscribe() }
            // The drain's flush then fails and it closes: the reconnection stops.
            _ = machine.closeRequested()
            #expect(machine.handshakeCompleted(Link()) == .closeLink)
        }

        @Test func drainAfterTheEndThrowsClosed() {
            var machine = Machine()
            _ = machine.finish()
            #expect(throws: NATSError.closed) { try machine.drainRequested() }
            #expect(!machine.draining)
        }

        @Test func finishHappensOnceAndHandsBackTheLink() {
            let link = Link()
            var machine = connected(on: link)
            let first = machine.finish()
            #expect(first.first)
            #expect(first.link === link)
            #expect(machine.link == nil)
            #expect(machine.closing)
            let second = machine.finish()
            #expect(!second.first)
            #expect(second.link == nil)
            // Nothing moves a finished machine off `closed`.
            machine.activated()
            let retried = machine.retrying()
            #expect(!retried)
            #expect(machine.status == .closed)
            #expect(machine.lost(link) == .stop)
            #expect(machine.status == .closed)
        }

        @Test func retryingAFailedFirstConnectAnnouncesReconnectingOnce() {
            var machine = Machine()
            let first = machine.retrying()
            #expect(first)
            #expect(machine.status == .reconnecting)
            let second = machine.retrying()
            #expect(!second)
        }
    }
}
