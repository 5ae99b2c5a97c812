#!/usr/bin/env bash
# bench/run.sh: measure redis-lua-lint against cat and luacheck, side by
# side, on a deterministic generated corpus (GitHub issue 8).
#
# Usage (from anywhere in the repository):
#
#   bench/run.sh [-r ROUNDS] [-s SEED] [-o DIR] [-b BINARY]
#
# It builds redis-lua-lint, generates the inputs with bench/gencorpus
# (1,100 small scripts of about 1 MB in all, one ~1.3 KB script, and 10 and
# 20 MiB files), then runs every case ROUNDS times (default 5), alternating
# the tools within each round so that a change in machine load hits them
# all alike. It reports medians (times from bench/timeit), the ratios the
# issue sets targets for, and peak RSS from /usr/bin/time -v, and writes
# the report to DIR/report.md (default bench/out). -b measures a prebuilt
# redis-lua-lint instead of building one. Needs: go, bash, GNU time
# (/usr/bin/time), luacheck (Debian: lua-check). On Debian or Ubuntu, run
# as root, missing tools are installed with apt-get; elsewhere the script
# says what to install.
set -euo pipefail

rounds=5
seed=1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
out="$here/out"
bin=""
while getopts "r:s:o:b:h" opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	s) seed=$OPTARG ;;
	o) out=$OPTARG ;;
	b) bin=$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG") ;;
	*) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
	esac
done
case $rounds in '' | *[!0-9]* | 0) echo "run.sh: -r wants a positive number" >&2; exit 2 ;; esac

# --- prerequisites ----------------------------------------------------------
need=()
command -v go >/dev/null || { echo "run.sh: go is not installed (https://go.dev/dl/)" >&2; exit 2; }
[ -x /usr/bin/time ] && /usr/bin/time -v true 2>/dev/null >&2 || need+=(time)
command -v luacheck >/dev/null || need+=(lua-check)
if [ ${#need[@]} -gt 0 ]; then
	if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
		echo "run.sh: installing ${need[*]} with apt-get" >&2
		apt-get install -y "${need[@]}" >/dev/null || { apt-get update >/dev/null && apt-get install -y "${need[@]}" >/dev/null; }
	else
		echo "run.sh: missing ${need[*]}: install GNU time and luacheck (Debian/Ubuntu: apt-get install ${need[*]}; elsewhere: luarocks install luacheck)" >&2
		exit 2
	fi
fi

# --- build and inputs ----------------------------------------------------------
echo "run.sh: building redis-lua-lint and generating inputs in $out" >&2
build_tools
(cd "$root" && go run -tags devtools ./bench/gencorpus -out "$out" -seed "$seed") >&2
# luacheck with the Redis sandbox globals declared (read-only, as Redis
# makes them), Lua 5.1 as Redis runs it.
cat >"$out/.luacheckrc" <<'EOF'
std = "lua51"
read_globals = {"redis", "server", "KEYS", "ARGV", "cjson", "cmsgpack", "bit", "struct"}
EOF
cd "$out"
mapfile -t files < <(find corpus -name '*.lua' | LC_ALL=C sort)
corpus_bytes=$(cat "${files[@]}" | wc -c)

# --- measuring -------------------------------------------------------------------
times="$out/times.tsv"
rss="$out/rss.tsv"
cpus="$out/cpu.tsv"
: >"$cpus"
: >"$times"
: >"$rss"

# run CASE TOOL CMD...: one timed run with bench/timeit (wall time in µs
# to times.tsv, CPU time in µs to cpu.tsv), output discarded. timeit
# starts the clock just before it starts the command: timing with `date`
# around /usr/bin/time added 4-6 ms of other processes to every run on a
# small VM, which pulls every ratio towards 1.
run() {
	local case=$1 tool=$2
	shift 2
	local line wall cpu rest
	line=$("$timeit" -- "$@") # exits 2, and so stops run.sh, if CMD cannot start
	IFS=$'\t' read -r wall cpu rest <<<"$line"
	printf '%s\t%s\t%d\n' "$case" "$tool" "$wall" >>"$times"
	printf '%s\t%s\t%d\n' "$case" "$tool" "$cpu" >>"$cpus"
}

# peak CASE TOOL CMD...: peak RSS in KiB from /usr/bin/time -v.
peak() {
	local case=$1 tool=$2
	shift 2
	/usr/bin/time -v -o "$out/time.txt" "$@" >/dev/null 2>&1 || true
	local kb
	kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out/time.txt")
	printf '%s\t%s\t%s\n' "$case" "$tool" "$kb" >>"$rss"
}

# Warm the page cache and the binaries once.
cat "${files[@]}" big10.lua big20.lua one.lua >/dev/null
"$rll" check corpus >/dev/null 2>&1 || true
luacheck one.lua >/dev/null 2>&1 || true

echo "run.sh: $rounds rounds (load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime))" >&2
for ((i = 1; i <= rounds; i++)); do
	echo "run.sh: round $i/$rounds" >&2
	# The corpus: ~1 MB in 1,100 files, directory walked by the linters.
	run corpus cat cat "${files[@]}"
	run corpus rll-text "$rll" check corpus
	run corpus rll-sarif "$rll" check --format sarif corpus
	run corpus rll-j1 "$rll" check -j 1 corpus
	run corpus rll-j2 "$rll" check -j 2 corpus
	run corpus luacheck luacheck corpus
	# The pre-commit case: one small file.
	run one cat cat one.lua
	run one rll-text "$rll" check one.lua
	run one luacheck luacheck one.lua
	# Linearity: a 10 MiB and a 20 MiB file.
	run big10 cat cat big10.lua
	run big10 rll-text "$rll" check --max-file-size 64MB big10.lua
	run big20 cat cat big20.lua
	run big20 rll-text "$rll" check --max-file-size 64MB big20.lua
done
for ((i = 1; i <= 3 && i <= rounds; i++)); do
	peak corpus cat cat "${files[@]}"
	peak corpus rll-text "$rll" check corpus
	peak corpus rll-sarif "$rll" check --format sarif corpus
	peak corpus luacheck luacheck corpus
	peak one rll-text "$rll" check one.lua
	peak one luacheck luacheck one.lua
done
# The big files once: their RSS hardly varies, and a run takes seconds.
peak big10 rll-text "$rll" check --max-file-size 64MB big10.lua
peak big20 rll-text "$rll" check --max-file-size 64MB big20.lua

# --- report ----------------------------------------------------------------------
# med CASE TOOL: median wall time in µs; medrss CASE TOOL: median KiB.
med() { awk -F'\t' -v c="$1" -v t="$2" '$1 == c && $2 == t {print $3}' "$times" | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
medcpu() { awk -F'\t' -v c="$1" -v t="$2" '$1 == c && $2 == t {print $3}' "$cpus" | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
medrss() { awk -F'\t' -v c="$1" -v t="$2" '$1 == c && $2 == t {print $3}' "$rss" | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
ms() { awk -v x="$1" 'BEGIN {printf "%.1f ms", x / 1000}'; }
mib() { awk -v x="$1" 'BEGIN {printf "%.1f MiB", x / 1024}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
check() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN {ok = (op == "<=") ? v <= t : v >= t; print ok ? "met" : "**missed**"}'; }

c_cat=$(med corpus cat) c_txt=$(med corpus rll-text) c_sarif=$(med corpus rll-sarif)
c_j1=$(med corpus rll-j1) c_j2=$(med corpus rll-j2) c_lc=$(med corpus luacheck)
o_cat=$(med one cat) o_txt=$(med one rll-text) o_lc=$(med one luacheck)
b10_cat=$(med big10 cat) b10=$(med big10 rll-text) b20_cat=$(med big20 cat) b20=$(med big20 rll-text)
r_cat=$(ratio "$c_txt" "$c_cat") r_lc=$(ratio "$c_lc" "$c_txt") r_sarif_lc=$(ratio "$c_lc" "$c_sarif")
r_one=$(ratio "$o_lc" "$o_txt") r_lin=$(ratio "$b20" "$b10") r_j=$(ratio "$c_j1" "$c_j2")
rss_c=$(medrss corpus rll-text) rss_cs=$(medrss corpus rll-sarif)

{
	echo "## Run of $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo
	echo "- Machine: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo 2>/dev/null) RAM; $(uname -sr)"
	echo "- Tools: $("$rll" version 2>/dev/null | head -1), $(go version | cut -d' ' -f3-4), $(luacheck --version 2>/dev/null | head -1), $(cat --version | head -1)"
	echo "- Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
	echo "- Inputs (seed $seed): corpus of ${#files[@]} files, $corpus_bytes bytes; one.lua $(wc -c <one.lua) bytes; big10.lua $(wc -c <big10.lua) bytes; big20.lua $(wc -c <big20.lua) bytes"
	echo "- $rounds rounds, tools alternated within each round; medians of wall time from start to exit, timed by bench/timeit (fork and exec included); peak RSS: median of 3 runs (1 for the big files) under /usr/bin/time -v"
	echo
	echo "| case | cat | redis-lua-lint (text) | redis-lua-lint (SARIF) | luacheck |"
	echo "|---|---|---|---|---|"
	echo "| corpus | $(ms "$c_cat") | $(ms "$c_txt") | $(ms "$c_sarif") | $(ms "$c_lc") |"
	echo "| one.lua | $(ms "$o_cat") | $(ms "$o_txt") | | $(ms "$o_lc") |"
	echo "| big10.lua | $(ms "$b10_cat") | $(ms "$b10") | | |"
	echo "| big20.lua | $(ms "$b20_cat") | $(ms "$b20") | | |"
	echo
	echo "CPU time (user + sys, median):"
	echo
	echo "| case | cat | redis-lua-lint (text) | redis-lua-lint (SARIF) | -j 1 | luacheck |"
	echo "|---|---|---|---|---|---|"
	echo "| corpus | $(ms "$(medcpu corpus cat)") | $(ms "$(medcpu corpus rll-text)") | $(ms "$(medcpu corpus rll-sarif)") | $(ms "$(medcpu corpus rll-j1)") | $(ms "$(medcpu corpus luacheck)") |"
	echo "| one.lua | $(ms "$(medcpu one cat)") | $(ms "$(medcpu one rll-text)") | | | $(ms "$(medcpu one luacheck)") |"
	echo "| big10.lua | $(ms "$(medcpu big10 cat)") | $(ms "$(medcpu big10 rll-text)") | | | |"
	echo "| big20.lua | $(ms "$(medcpu big20 cat)") | $(ms "$(medcpu big20 rll-text)") | | | |"
	echo
	echo "| target (wall-time ratios) | measured | |"
	echo "|---|---|---|"
	echo "| corpus lint ≤ 3× cat | $r_cat× | $(check "$r_cat" "<=" 3) |"
	echo "| corpus lint ≥ 30× faster than luacheck | $r_lc× (SARIF: $r_sarif_lc×) | $(check "$r_lc" ">=" 30) |"
	echo "| one file ≥ 5× faster than luacheck | $r_one× | $(check "$r_one" ">=" 5) |"
	echo "| 20 MiB / 10 MiB time ≤ 2.2 | $r_lin | $(check "$r_lin" "<=" 2.2) |"
	echo "| peak RSS on the corpus ≤ 40 MiB | $(mib "$rss_c") (SARIF: $(mib "$rss_cs")) | $(check "$rss_c" "<=" 40960) |"
	echo "| -j 2 ≥ 1.6× faster than -j 1 | $r_j× ($(ms "$c_j1") → $(ms "$c_j2")) | $(check "$r_j" ">=" 1.6) |"
	echo
	echo "Peak RSS (median KiB): $(awk -F'\t' '{print $1 "/" $2}' "$rss" | sort -u | while read -r k; do printf '%s %s; ' "$k" "$(medrss "${k%%/*}" "${k#*/}")"; done)"
} >"$out/report.md"
cat "$out/report.md"
