import Dispatch
import Foundation
import NATSLocalServer
import Ripple
import RippleBusNATS

// Publish→deliver latency and throughput through a local nats-server (started here on a
// free loopback port): RippleBusNATS's typed bus beside a raw-socket client written for
// this benchmark (protocol bytes only: no envelope, no JSON, no per-subscriber queue).
// A separate executable, so ripple-bench's core workloads never link the NATS module.
//
//   swift run -c release ripple-bench-nats [--rounds N] [--messages N]

var rounds = 2_000
var messages = 50_000
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--rounds": rounds = Int(arguments.popFirst() ?? "") ?? rounds
    case "--messages": messages = Int(arguments.popFirst() ?? "") ?? messages
    default:
        print("usage: ripple-bench-nats [--rounds N] [--messages N]")
        exit(64)
    }
}

guard NATSLocalServer.isInstalled else {
    print("ripple-bench-nats: skipped: nats-server not installed (Debian: apt-get install nats-server)")
    exit(0)
}

let server = try NATSLocalServer()
print("ripple-bench-nats: nats-server \(server.url), \(rounds) latency rounds (one message in flight), \(messages) messages for throughput")
try benchBus(server.url, rounds: rounds, messages: messages)
benchRaw(port: server.port, rounds: rounds, messages: messages)
server.stop()
