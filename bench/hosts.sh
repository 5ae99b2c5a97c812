#!/usr/bin/env bash
# bench/hosts.sh: a directory walk of an application tree, side by side
# with cat (issue 21: a 10,000-file tree of which 1 % hold scripts is
# checked within 3x the time of cat of the same files).
#
# Usage (from anywhere in the repository):
#
#   bench/hosts.sh [-r ROUNDS] [-n FILES] [-o DIR] [-b BINARY]
#
# It builds redis-lua-lint (or takes -b), generates the tree with
# bench/genapp (FILES host files in eight languages, default 10,000: 1 %
# hold a script, 10 % mention redis without one), then times, ROUNDS times
# (default 5) and alternated, `cat` of every file and `redis-lua-lint
# check -q` of the tree, with bench/timeit. It prints the medians and the
# ratio, and writes them to DIR/hosts.md (default bench/out).
set -euo pipefail

rounds=5
files=10000
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
# shellcheck source=bench/lib.sh
. "$here/lib.sh"
out="$here/out"
bin=""
while getopts "r:n:o:b:h" opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	n) files=$OPTARG ;;
	o) out=$OPTARG ;;
	b) bin=$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG") ;;
	*) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
	esac
done
case $rounds in '' | *[!0-9]* | 0) echo "hosts.sh: -r wants a positive number" >&2; exit 2 ;; esac

build_tools
rm -rf "$out/app"
(cd "$root" && go run -tags devtools ./bench/genapp -out "$out/app" -files "$files")
cd "$out"
mapfile -t list < <(find app -type f | LC_ALL=C sort)
bytes=$(cat "${list[@]}" | wc -c)

# Warm the page cache, and check that the tool finds the scripts.
cat "${list[@]}" >/dev/null
"$rll" check --format json -o "$out/hosts.json" app || true
found=$(grep -o '"files": [0-9][0-9]*' "$out/hosts.json" | tail -1 | grep -o '[0-9][0-9]*')

: >"$out/hosts.tsv"
for _ in $(seq "$rounds"); do
	printf 'cat\t%s\n' "$("$timeit" -- cat "${list[@]}" | cut -f1)" >>"$out/hosts.tsv"
	printf 'rll\t%s\n' "$("$timeit" -- "$rll" check -q app | cut -f1)" >>"$out/hosts.tsv"
done
median() { grep "^$1	" "$out/hosts.tsv" | cut -f2 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
c=$(median cat)
r=$(median rll)
ratio=$(awk -v r="$r" -v c="$c" 'BEGIN {printf "%.2f", r / c}')
verdict=$(awk -v x="$ratio" 'BEGIN {print (x <= 3 ? "met" : "NOT met")}')
{
	echo "# Host files: a walk of an application tree"
	echo
	echo "- $(date -u +%Y-%m-%d), $(nproc) CPUs, $("$rll" version 2>/dev/null | head -1)"
	echo "- ${#list[@]} files, $bytes bytes; files holding a script reported with findings or checked: $found"
	echo "- $rounds rounds, alternated; medians of wall time (bench/timeit)"
	echo
	echo "| cat | redis-lua-lint check -q | ratio | target ≤ 3× |"
	echo "|---|---|---|---|"
	echo "| $((c / 1000)) ms | $((r / 1000)) ms | ${ratio}× | $verdict |"
} | tee "$out/hosts.md"
