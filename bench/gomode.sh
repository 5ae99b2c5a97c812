#!/usr/bin/env bash
# bench/gomode.sh: measure redis-lua-lint's Go mode against go vet, side by
# side, on a generated module (GitHub issue 20).
#
# Usage (from anywhere in the repository):
#
#   bench/gomode.sh [-r ROUNDS] [-c COLD] [-p PACKAGES] [-o DIR] [-b BINARY]
#
# It builds redis-lua-lint, generates a module in DIR/mod (default
# bench/out-go) whose PACKAGES packages (default 4) call go-redis v9, redigo
# and rueidis with embedded scripts, downloads those modules with
# `go mod tidy` (the Go module proxy must be reachable, once), then times
# `go vet ./...` and `redis-lua-lint check ./...` in the module, alternated
# within each round: ROUNDS warm rounds (default 5; build cache filled) and
# COLD cold rounds (default 3; each run with an empty build cache of its
# own, so that both compile the dependencies' export data from scratch;
# the module cache stays). It reports medians of wall time, CPU time (user +
# sys) and peak RSS (bench/timeit), the ratios to go vet, and writes the
# report to DIR/report.md. -b measures a prebuilt redis-lua-lint instead of
# building one. Needs: go and bash.
set -euo pipefail

rounds=5
cold=3
npkg=4
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
out="$here/out-go"
bin=""
while getopts "r:c:p:o:b:h" opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	c) cold=$OPTARG ;;
	p) npkg=$OPTARG ;;
	o) out=$OPTARG ;;
	b) bin=$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG") ;;
	*) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
	esac
done
for v in "$rounds" "$npkg"; do
	case $v in '' | *[!0-9]* | 0) echo "gomode.sh: -r and -p want a positive number" >&2; exit 2 ;; esac
done
case $cold in '' | *[!0-9]*) echo "gomode.sh: -c wants a number" >&2; exit 2 ;; esac
command -v go >/dev/null || { echo "gomode.sh: go is not installed (https://go.dev/dl/)" >&2; exit 2; }

# --- build -----------------------------------------------------------------------
build_tools

# --- the module ------------------------------------------------------------------
mod="$out/mod"
rm -rf "$mod"
mkdir -p "$mod"
cat >"$mod/go.mod" <<'EOF'
module example.com/gobench

go 1.22
EOF
for ((p = 0; p < npkg; p++)); do
	d="$mod/p$p"
	mkdir -p "$d"
	cat >"$d/goredis.go" <<EOF
package p$p

import (
	"context"

	"github.com/redis/go-redis/v9"
)

const incrBy = \`
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if n > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[1], ARGV[2])
  return tonumbr(ARGV[2])
end
return n
\`

var limiter = redis.NewScript(incrBy)

var release = redis.NewScript("if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0")

// Limit$p runs the scripts of package p$p.
func Limit$p(ctx context.Context, rdb *redis.Client, key string) (int64, error) {
	if err := release.Run(ctx, rdb, []string{key}, "token").Err(); err != nil {
		return 0, err
	}
	rdb.Eval(ctx, "return redis.call('GET', KEYS[2])", []string{key})
	return limiter.Run(ctx, rdb, []string{key}, 1, 10).Int64()
}
EOF
	cat >"$d/redigo.go" <<EOF
package p$p

import "github.com/gomodule/redigo/redis"

var getSet = redis.NewScript(1, \`
local old = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1])
return old
\`)

var twoKeys = redis.NewScript(1, "return redis.call('MGET', KEYS[1], KEYS[2])")

// Swap$p runs the redigo scripts of package p$p.
func Swap$p(c redis.Conn, key, v string) (interface{}, error) {
	if _, err := twoKeys.Do(c, key); err != nil {
		return nil, err
	}
	return getSet.Do(c, key, v)
}
EOF
	cat >"$d/rueidis.go" <<EOF
package p$p

import (
	"context"

	"github.com/redis/rueidis"
)

var counter = rueidis.NewLuaScript(\`
local v = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1])
return v
\`)

// Count$p runs the rueidis script of package p$p.
func Count$p(ctx context.Context, c rueidis.Client, key string) (int64, error) {
	return counter.Exec(ctx, c, []string{key}, []string{"60"}).AsInt64()
}
EOF
done
echo "gomode.sh: downloading go-redis, redigo and rueidis (go mod tidy)" >&2
(cd "$mod" && go mod tidy >&2)

# --- measuring -------------------------------------------------------------------
rows="$out/runs.tsv"
: >"$rows"
# run CASE TOOL CMD...: one timed run in the module; a tsv row of wall µs,
# CPU µs, peak RSS KiB, exit status.
run() {
	local case=$1 tool=$2
	shift 2
	local line
	line=$(cd "$mod" && "$timeit" -- "$@")
	printf '%s\t%s\t%s\n' "$case" "$tool" "$line" >>"$rows"
}
# cold CASE TOOL CMD...: run with an empty build cache of its own.
cold() {
	local case=$1 tool=$2 cache
	shift 2
	cache=$(mktemp -d "$out/gocache.XXXXXX")
	GOCACHE=$cache run "$case" "$tool" "$@"
	chmod -R u+w "$cache" && rm -rf "$cache"
}

# Warm the build cache, the page cache and the binaries once.
(cd "$mod" && go vet ./... >/dev/null 2>&1) || true
(cd "$mod" && "$rll" check ./... >/dev/null 2>&1) || true

echo "gomode.sh: $rounds warm and $cold cold rounds (load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime))" >&2
for ((i = 1; i <= rounds; i++)); do
	echo "gomode.sh: warm round $i/$rounds" >&2
	if ((i % 2)); then
		run warm go-vet go vet ./...
		run warm rll "$rll" check ./...
	else
		run warm rll "$rll" check ./...
		run warm go-vet go vet ./...
	fi
done
for ((i = 1; i <= cold; i++)); do
	echo "gomode.sh: cold round $i/$cold" >&2
	if ((i % 2)); then
		cold cold go-vet go vet ./...
		cold cold rll "$rll" check ./...
	else
		cold cold rll "$rll" check ./...
		cold cold go-vet go vet ./...
	fi
done

# --- report ----------------------------------------------------------------------
# med CASE TOOL COLUMN: the median of a column (3 wall, 4 CPU, 5 RSS).
med() { awk -F'\t' -v c="$1" -v t="$2" -v k="$3" '$1 == c && $2 == t {print $k}' "$rows" | sort -n | awk '{a[NR] = $1} END {if (NR == 0) print 0; else print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
ms() { awk -v x="$1" 'BEGIN {printf "%.0f ms", x / 1000}'; }
mib() { awk -v x="$1" 'BEGIN {printf "%.0f MiB", x / 1024}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b == 0) print "n/a"; else printf "%.2f", a / b}'; }
check() { awk -v v="$1" 'BEGIN {print (v != "n/a" && v <= 1.5) ? "met" : "**missed**"}'; }
status=$(awk -F'\t' '$2 == "rll" {print $6}' "$rows" | sort -u | tr '\n' ' ')

{
	echo "## Go mode against go vet, run of $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	echo "- Machine: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
	echo "- Tools: $("$rll" version 2>/dev/null | head -1), $(go version | cut -d' ' -f3-4)"
	echo "- Module: $npkg packages calling go-redis v9, redigo and rueidis ($(cd "$mod" && go list -m all | grep -E 'go-redis|redigo|rueidis' | tr '\n' ' '))"
	echo "- $rounds warm rounds, $cold cold rounds (each cold run with an empty GOCACHE of its own), tools alternated; medians from bench/timeit; exit status of redis-lua-lint: $status(1: the planted findings)"
	echo
	echo "| case | go vet wall | check wall | wall ratio | go vet CPU | check CPU | CPU ratio | go vet RSS | check RSS | wall ≤ 1.5× |"
	echo "|---|---|---|---|---|---|---|---|---|---|"
	for c in warm cold; do
		vw=$(med $c go-vet 3) rw=$(med $c rll 3)
		[ "$vw" = 0 ] && continue
		r=$(ratio "$rw" "$vw")
		vc=$(med $c go-vet 4) rc=$(med $c rll 4)
		echo "| $c | $(ms "$vw") | $(ms "$rw") | $r× | $(ms "$vc") | $(ms "$rc") | $(ratio "$rc" "$vc")× | $(mib "$(med $c go-vet 5)") | $(mib "$(med $c rll 5)") | $(check "$r") |"
	done
	echo
	echo "RSS is the peak of the largest process: go vet's is the go command or a vet process it runs; check's its own (go list's, for the cold runs, which compile)."
	echo
} | tee "$out/report.md"
