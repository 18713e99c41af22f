import Dispatch
import Foundation
import NATSLocalServer
import Ripple
import RippleBusNATS

// Publish throughput, delivered throughput and request/reply latency through a
// nats-server (started here on a free loopback port, or the one `--server` names), for
// RippleBusNATS's raw connection and its typed bus, beside a raw-socket client written for
// this benchmark (protocol bytes only). `scripts/nats-peers.sh` runs the official clients
// through the same three measurements against the same server.
// A separate executable, so ripple-bench's core workloads never link the NATS module.
//
//   swift run -c release ripple-bench-nats [--server nats://host:port] [--messages N]
//       [--payload BYTES] [--requests N] [--rounds N] [--only raw|bus|socket|eventbus]
//
// `--only eventbus` measures RippleBus's in-process `EventBus` instead (no server): the
// delivery line the typed NATS bus shares with it.

var settings = BenchSettings()
var server: String?
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--server": server = arguments.popFirst()
    case "--messages": settings.messages = Int(arguments.popFirst() ?? "") ?? settings.messages
    case "--payload": settings.payload = Int(arguments.popFirst() ?? "") ?? settings.payload
    case "--requests": settings.requests = Int(arguments.popFirst() ?? "") ?? settings.requests
    case "--rounds": settings.rounds = Int(arguments.popFirst() ?? "") ?? settings.rounds
    case "--only": only = arguments.popFirst()
    default:
        print("usage: ripple-bench-nats [--server URL] [--messages N] [--payload BYTES] [--requests N] [--rounds N] [--only raw|bus|socket|eventbus]")
        exit(64)
    }
}

if only == "eventbus" {
    print("ripple-bench-nats: in-process EventBus, \(settings.messages) events with \(settings.payload)-character text, \(settings.rounds) rounds")
    for round in 1...max(1, settings.rounds) {
        for subscribers in [1, 4] {
            let rate = try benchEventBus(settings, subscribers: subscribers)
            print("client=eventbus round=\(round) subscribers=\(subscribers) published_events_per_s=\(Int(rate))")
        }
    }
    exit(0)
}

var local: NATSLocalServer?
if server == nil {
    guard NATSLocalServer.isInstalled else {
        print("ripple-bench-nats: skipped: nats-server not installed (Debian: apt-get install nats-server)")
        exit(0)
    }
    local = try NATSLocalServer()
    server = local?.url
}
let url = server!
print("ripple-bench-nats: server \(url), \(settings.messages) messages of \(settings.payload) bytes, \(settings.requests) requests, \(settings.rounds) rounds")
for round in 1...max(1, settings.rounds) {
    if only == nil || only == "raw" {
        try report("ripple-raw", round: round, benchConnection(url, settings))
    }
    if only == nil || only == "bus" {
        try report("ripple-bus", round: round, benchBus(url, settings))
    }
    if only == nil || only == "socket" {
        report("raw-socket", round: round, try benchSocket(url, settings))
    }
}
local?.stop()
