# shellcheck shell=bash
# bench/lib.sh: what the benchmark scripts share. Sourced, not run.

# build_tools builds into $out/bin the redis-lua-lint to measure (unless
# $bin already names one) and bench/timeit, and sets rll and timeit to
# them; out becomes absolute. The caller sets root (the repository), out
# and bin.
# shellcheck disable=SC2034,SC2154 # the caller sets root, out and bin, and reads rll and timeit
build_tools() {
	mkdir -p "$out/bin"
	out=$(cd "$out" && pwd)
	if [ -n "$bin" ]; then
		rll=$bin
	else
		# CGO_ENABLED=0, as the install notes recommend: a static binary
		# skips the dynamic loader and libc start-up (about 1 ms per run).
		(cd "$root" && CGO_ENABLED=0 go build -trimpath -o "$out/bin/redis-lua-lint" ./cmd/redis-lua-lint)
		rll="$out/bin/redis-lua-lint"
	fi
	(cd "$root" && go build -tags devtools -o "$out/bin/timeit" ./bench/timeit)
	timeit="$out/bin/timeit"
}
