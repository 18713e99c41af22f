#!/usr/bin/env bash
# RippleBusNATS beside the official NATS clients: the same three measurements (publish
# msgs/s, delivered msgs/s, request/reply p50/p99 µs) against one nats-server, in
# interleaved rounds, printed as one table of medians.
#
#   bash scripts/nats-peers.sh [--rounds N] [--messages N] [--payload BYTES] [--requests N] [--skip-build]
#       [--baseline PATH] [--raw-only]
#
# --baseline runs another ripple-bench-nats binary (say, one built from main) as
# "ripple-raw-baseline" in the same rounds, so a change is measured against the same
# server and load; --raw-only leaves out the typed bus and nats-py.
#
# Needs nats-server (Debian: nats-server, in /usr/sbin). Each official client runs when it
# is there, and is left out (saying so) when it is not:
#   nats.go   Debian's golang-go + golang-github-nats-io-go-nats-dev, built offline in
#             GOPATH mode (GOPATH=/usr/share/gocode GO111MODULE=off)
#   nats-py   pip install nats-py
# Not part of .ci/run: it takes minutes.
set -euo pipefail

rounds=5
messages=200000
payload=64
requests=2000
skip_build=0
baseline=""
raw_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --messages) messages=$2; shift 2 ;;
        --payload) payload=$2; shift 2 ;;
        --requests) requests=$2; shift 2 ;;
        --skip-build) skip_build=1; shift ;;
        --baseline) baseline=$2; shift 2 ;;
        --raw-only) raw_only=1; shift ;;
        *) echo "usage: $0 [--rounds N] [--messages N] [--payload BYTES] [--requests N] [--skip-build] [--baseline PATH] [--raw-only]" >&2; exit 64 ;;
    esac
done

cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/sbin"
command -v nats-server >/dev/null || { echo "nats-peers: nats-server is not installed (Debian: apt-get install nats-server)" >&2; exit 1; }

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# --- Ripple ---------------------------------------------------------------------------
if [ "$skip_build" = 0 ]; then
    swift build -c release --product ripple-bench-nats >&2
fi
ripple="$(swift build -c release --show-bin-path)/ripple-bench-nats"

# --- nats.go ----------------------------------------------------------------------------
gopeer=""
if command -v go >/dev/null && [ -d /usr/share/gocode/src/github.com/nats-io/nats.go ]; then
    mkdir -p "$work/go"
    cat > "$work/go/peer.go" <<'GO'
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/nats-io/nats.go"
)

func fail(err error) {
	fmt.Fprintln(os.Stderr, "nats.go peer:", err)
	os.Exit(1)
}

func main() {
	url := flag.String("server", nats.DefaultURL, "")
	messages := flag.Int("messages", 200000, "")
	size := flag.Int("payload", 64, "")
	requests := flag.Int("requests", 2000, "")
	round := flag.Int("round", 1, "")
	flag.Parse()
	payload := make([]byte, *size)
	for i := range payload {
		payload[i] = 'x'
	}
	pub, err := nats.Connect(*url)
	if err != nil {
		fail(err)
	}
	defer pub.Close()
	sub, err := nats.Connect(*url)
	if err != nil {
		fail(err)
	}
	defer sub.Close()

	start := time.Now()
	for i := 0; i < *messages; i++ {
		if err := pub.Publish("bench.publish", payload); err != nil {
			fail(err)
		}
	}
	if err := pub.FlushTimeout(time.Minute); err != nil {
		fail(err)
	}
	publish := float64(*messages) / time.Since(start).Seconds()

	done := make(chan struct{})
	count := 0
	s, err := sub.Subscribe("bench.deliver", func(*nats.Msg) {
		count++
		if count == *messages {
			close(done)
		}
	})
	if err != nil {
		fail(err)
	}
	s.SetPendingLimits(-1, -1)
	sub.Flush()
	start = time.Now()
	for i := 0; i < *messages; i++ {
		if err := pub.Publish("bench.deliver", payload); err != nil {
			fail(err)
		}
	}
	select {
	case <-done:
	case <-time.After(time.Minute):
		fail(fmt.Errorf("delivery did not finish within a minute"))
	}
	delivered := float64(*messages) / time.Since(start).Seconds()

	if _, err := sub.Subscribe("bench.request", func(m *nats.Msg) { m.Respond(m.Data) }); err != nil {
		fail(err)
	}
	sub.Flush()
	latencies := make([]time.Duration, 0, *requests)
	for i := 0; i < *requests; i++ {
		sent := time.Now()
		if _, err := pub.Request("bench.request", payload, 5*time.Second); err != nil {
			fail(err)
		}
		latencies = append(latencies, time.Since(sent))
	}
	sort.Slice(latencies, func(a, b int) bool { return latencies[a] < latencies[b] })
	at := func(p float64) int64 {
		index := int(float64(len(latencies)) * p)
		if index >= len(latencies) {
			index = len(latencies) - 1
		}
		return latencies[index].Microseconds()
	}
	fmt.Printf("client=nats.go round=%d publish_msgs_per_s=%d delivered_msgs_per_s=%d request_p50_us=%d request_p99_us=%d\n",
		*round, int64(publish), int64(delivered), at(0.50), at(0.99))
}
GO
    if (cd "$work/go" && GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE="$work/go-cache" go build -o "$work/nats-go-peer" peer.go) >&2; then
        gopeer="$work/nats-go-peer"
    else
        echo "nats-peers: the nats.go peer did not build: left out" >&2
    fi
else
    echo "nats-peers: nats.go left out (apt-get install golang-go golang-github-nats-io-go-nats-dev)" >&2
fi

# --- nats-py ----------------------------------------------------------------------------
pypeer=""
if [ "$raw_only" = 1 ]; then
    echo "nats-peers: nats-py left out (--raw-only)" >&2
elif python3 -c 'import nats' 2>/dev/null; then
    pypeer="$work/nats-py-peer.py"
    cat > "$pypeer" <<'PY'
import argparse
import asyncio
import time

import nats


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default="nats://127.0.0.1:4222")
    parser.add_argument("--messages", type=int, default=200000)
    parser.add_argument("--payload", type=int, default=64)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--round", type=int, default=1)
    args = parser.parse_args()
    payload = b"x" * args.payload
    pub = await nats.connect(args.server)
    sub = await nats.connect(args.server)

    start = time.perf_counter()
    for _ in range(args.messages):
        await pub.publish("bench.publish", payload)
    await pub.flush(timeout=60)
    publish = args.messages / (time.perf_counter() - start)

    done = asyncio.get_running_loop().create_future()
    count = 0

    async def counted(_):
        nonlocal count
        count += 1
        if count == args.messages and not done.done():
            done.set_result(None)

    await sub.subscribe("bench.deliver", cb=counted, pending_msgs_limit=args.messages + 1,
                        pending_bytes_limit=1 << 30)
    await sub.flush()
    start = time.perf_counter()
    for _ in range(args.messages):
        await pub.publish("bench.deliver", payload)
    await asyncio.wait_for(done, 60)
    delivered = args.messages / (time.perf_counter() - start)

    async def respond(message):
        await message.respond(message.data)

    await sub.subscribe("bench.request", cb=respond)
    await sub.flush()
    latencies = []
    for _ in range(args.requests):
        sent = time.perf_counter()
        await pub.request("bench.request", payload, timeout=5)
        latencies.append(time.perf_counter() - sent)
    latencies.sort()

    def at(p):
        return int(latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1e6)

    print(f"client=nats-py round={args.round} publish_msgs_per_s={int(publish)} delivered_msgs_per_s={int(delivered)}"
          f" request_p50_us={at(0.50)} request_p99_us={at(0.99)}")
    await pub.close()
    await sub.close()


asyncio.run(main())
PY
else
    echo "nats-peers: nats-py left out (pip install nats-py)" >&2
fi

# --- the server and the rounds ------------------------------------------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
nats-server -a 127.0.0.1 -p "$port" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
    if python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.1)" 2>/dev/null; then break; fi
    sleep 0.1
done
url="nats://127.0.0.1:$port"
echo "nats-peers: $(nats-server --version), $url, $messages messages of $payload bytes, $requests requests, $rounds rounds" >&2

results="$work/results"
common=(--messages "$messages" --payload "$payload" --requests "$requests")
# A run that fails (on a loaded machine the server may cut off a slow subscriber) is
# reported and left out of its client's medians; the table says how many rounds each has.
run() {
    local name=$1
    shift
    if ! "$@" >"$work/run" 2>"$work/run.err"; then
        echo "nats-peers: a $name run failed: $(tail -1 "$work/run.err")" >&2
    fi
    # A baseline binary reports itself as ripple-raw: its rows take the run's name.
    grep '^client=' "$work/run" | sed "s/^client=ripple-raw /client=$name /" | tee -a "$results" >&2 || true
}
touch "$results"
for round in $(seq "$rounds"); do
    run ripple-raw "$ripple" --server "$url" "${common[@]}" --only raw
    if [ -n "$baseline" ]; then
        run ripple-raw-baseline "$baseline" --server "$url" "${common[@]}" --only raw
    fi
    if [ "$raw_only" = 0 ]; then run ripple-bus "$ripple" --server "$url" "${common[@]}" --only bus; fi
    if [ -n "$gopeer" ]; then run nats.go "$gopeer" -server "$url" -messages "$messages" -payload "$payload" -requests "$requests"; fi
    if [ -n "$pypeer" ]; then run nats-py python3 "$pypeer" --server "$url" "${common[@]}"; fi
done

# Medians per client, in the order the clients first appear.
python3 - "$results" <<'PY'
import statistics
import sys

rows = {}
for line in open(sys.argv[1]):
    fields = dict(part.split("=", 1) for part in line.split())
    rows.setdefault(fields["client"], []).append(fields)
keys = ["publish_msgs_per_s", "delivered_msgs_per_s", "request_p50_us", "request_p99_us"]
print("| client | publish msgs/s | delivered msgs/s | request/reply p50 / p99 µs | rounds |")
print("|---|---|---|---|---|")
for client, runs in rows.items():
    median = {key: int(statistics.median(int(run[key]) for run in runs)) for key in keys}
    print(f"| {client} | {median['publish_msgs_per_s']:,} | {median['delivered_msgs_per_s']:,} |"
          f" {median['request_p50_us']} / {median['request_p99_us']} | {len(runs)} |".replace(",", " "))
PY
