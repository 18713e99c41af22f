#!/bin/sh
# The peak resident memory of the smallest program that uses Ripple
# (Sources/ripple-floor), as the median of RUNS runs (default 15) of the release build
# under `/usr/bin/time -v` ("Maximum resident set size", i.e. VmHWM). Prints
#   ripple-floor peak_rss_mib=<median> min=<min> max=<max> runs=<n>
# and exits with status 1 when the median is above LIMIT_MIB (default 10.75). Arguments are
# passed to `swift build` (CI passes its own flags, so that the release build is reused).
set -eu
runs=${RUNS:-15}
limit=${LIMIT_MIB:-10.75}
swift build -c release --product ripple-floor "$@" >/dev/null
binary="$(swift build -c release --show-bin-path "$@")/ripple-floor"
i=0
samples=""
while [ "$i" -lt "$runs" ]; do
  kib=$(/usr/bin/time -v "$binary" 2>&1 >/dev/null | awk '/Maximum resident set size/ { print $6 }')
  samples="$samples $kib"
  i=$((i + 1))
done
echo "$samples" | tr ' ' '\n' | grep . | sort -n | awk -v limit="$limit" '
  { kib[NR] = $1 }
  END {
    median = kib[int((NR + 1) / 2)] / 1024
    printf "ripple-floor peak_rss_mib=%.2f min=%.2f max=%.2f runs=%d\n", median, kib[1] / 1024, kib[NR] / 1024, NR
    exit (median > limit) ? 1 : 0
  }'
