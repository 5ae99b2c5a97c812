#!/usr/bin/env bash
# bench/pgo.sh: regenerate cmd/redis-lua-lint/default.pgo, the CPU profile
# `go build` and `go install` use to optimise redis-lua-lint
# (profile-guided optimisation: hot calls inlined, hot interface calls
# devirtualised).
#
# Usage (from anywhere in the repository): bench/pgo.sh
#
# The profile comes from linting inputs of the shapes users lint, in
# process (BenchmarkPGOProfile in cmd/redis-lua-lint/internal/cli), with
# all rules on:
#   - a generated corpus of 1,100 small scripts (bench/gencorpus, seed 7:
#     not the seed bench/run.sh measures with), about 60% of the samples;
#   - the hand-written scripts in testdata/realistic and examples/;
#   - one generated 2 MiB script (large files).
# The three profiles are merged with `go tool pprof -proto`. Rerun it after
# large changes to the hot paths; a stale profile still builds (Go ignores
# what no longer matches) but optimises less. Needs: go, bash.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cd "$root"
echo "pgo.sh: generating inputs (seed 7) in $tmp" >&2
go run -tags devtools ./bench/gencorpus -out "$tmp/in" -seed 7 -big-mb 2 >&2
go test -c -o "$tmp/cli.test" ./cmd/redis-lua-lint/internal/cli

# profile NAME ROUNDS PATHS...: one CPU profile of ROUNDS runs of check on
# PATHS. The benchmark resolves paths itself, so they are absolute.
profile() {
	local name=$1 rounds=$2
	shift 2
	local list
	list=$(
		IFS=:
		echo "$*"
	)
	(cd "$root/cmd/redis-lua-lint/internal/cli" &&
		RLL_PGO_PATHS=$list "$tmp/cli.test" -test.run '^$' -test.bench '^BenchmarkPGOProfile$' \
			-test.benchtime "${rounds}x" -test.cpuprofile "$tmp/$name.pprof" >&2)
}

profile corpus 60 "$tmp/in/corpus"
profile handwritten 150 "$root/testdata/realistic" "$root/examples"
profile large 3 "$tmp/in/big2.lua"

go tool pprof -proto "$tmp/corpus.pprof" "$tmp/handwritten.pprof" "$tmp/large.pprof" \
	>"$root/cmd/redis-lua-lint/default.pgo" 2>/dev/null
echo "pgo.sh: wrote cmd/redis-lua-lint/default.pgo ($(wc -c <"$root/cmd/redis-lua-lint/default.pgo") bytes)" >&2
