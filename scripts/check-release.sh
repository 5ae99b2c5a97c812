#!/usr/bin/env bash
# scripts/check-release.sh DIST: smoke-test a GoReleaser release directory
# (.ci/run builds a snapshot into dist/):
#
#   - every platform's archive is there and checksums.txt verifies them;
#   - the Linux binary of this machine is static (CGO_ENABLED=0, no
#     interpreter), built with the PGO profile, prints its version and
#     checks the examples (good ones pass, bad ones fail);
#   - the Action's install script (scripts/action-install.sh), given the
#     directory as the release download, installs that binary after
#     verifying its checksum, and refuses a tampered archive.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
export PATH="/usr/local/go/bin:$PATH"

DIST="${1:?usage: check-release.sh DIST}"
DIST="$(cd "$DIST" && pwd)"

die() {
	printf 'check-release: %s\n' "$*" >&2
	exit 1
}

version="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$DIST/metadata.json")"
tag="v$version"
echo "release $tag in $DIST"

echo "--- archives and checksums.txt"
for plat in linux_amd64 linux_arm64 darwin_amd64 darwin_arm64 windows_amd64 windows_arm64; do
	ext=tar.gz
	if [ "${plat%_*}" = windows ]; then ext=zip; fi
	asset="redis-lua-lint_${version}_${plat}.${ext}"
	[ -f "$DIST/$asset" ] || die "missing $asset"
	grep -q "  $asset\$" "$DIST/checksums.txt" || die "checksums.txt has no entry for $asset"
done
(cd "$DIST" && sha256sum --quiet -c checksums.txt) || die "checksums.txt does not verify"
echo "ok: 6 archives, checksums verified"

case "$(uname -m)" in
x86_64) arch=amd64 runner_arch=X64 ;;
aarch64 | arm64) arch=arm64 runner_arch=ARM64 ;;
*) die "no release binary for this machine ($(uname -m))" ;;
esac

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "--- the linux_$arch binary"
mkdir -p "$WORK/x"
tar -xzf "$DIST/redis-lua-lint_${version}_linux_${arch}.tar.gz" -C "$WORK/x"
bin="$WORK/x/redis-lua-lint"
[ -x "$bin" ] || die "the archive holds no redis-lua-lint"
info="$(go version -m "$bin")"
grep -q 'CGO_ENABLED=0' <<<"$info" || die "not built with CGO_ENABLED=0:"$'\n'"$info"
grep -q -- '-pgo=' <<<"$info" || die "not built with the PGO profile:"$'\n'"$info"
if command -v readelf >/dev/null 2>&1 && readelf -l "$bin" | grep -q 'INTERP'; then
	die "the binary is dynamically linked"
fi
"$bin" version | tee "$WORK/version.out"
grep -q "^redis-lua-lint $tag\$" "$WORK/version.out" || die "version does not say $tag"

check_examples() {
	# check_examples BIN: good examples pass, bad ones fail with findings.
	local b="$1" status=0
	"$b" check --color never "$ROOT"/examples/*.good.lua >"$WORK/good.out" 2>&1 || status=$?
	[ "$status" -eq 0 ] || { cat "$WORK/good.out"; die "$b check on the good examples: exit $status, want 0"; }
	status=0
	"$b" check --color never "$ROOT"/examples/*.bad.lua >"$WORK/bad.out" 2>&1 || status=$?
	[ "$status" -eq 1 ] || { cat "$WORK/bad.out"; die "$b check on the bad examples: exit $status, want 1"; }
	tail -n 1 "$WORK/bad.out"
}
check_examples "$bin"
echo "ok"

echo "--- the Action's download path (scripts/action-install.sh) on this release"
releases="$WORK/releases"
mkdir -p "$releases/$tag"
cp "$DIST"/checksums.txt "$DIST"/redis-lua-lint_"${version}"_*.* "$releases/$tag/"
action_install() {
	# action_install RELEASES INSTALL_DIR: the Action's install step.
	env GITHUB_OUTPUT="$WORK/github_output" GITHUB_PATH="$WORK/github_path" \
		RLL_MODE=download RLL_TAG="$tag" RLL_INSTALL_DIR="$2" RLL_RELEASE_URL="file://$1" \
		RUNNER_OS=Linux RUNNER_ARCH="$runner_arch" \
		scripts/action-install.sh install
}
: >"$WORK/github_output"
action_install "$releases" "$WORK/action-bin"
check_examples "$WORK/action-bin/redis-lua-lint"
grep -q "^bin-dir=$WORK/action-bin\$" "$WORK/github_output" || die "the install step did not set bin-dir"
echo "ok"

echo "--- a tampered archive must be refused"
tampered="$WORK/tampered"
mkdir -p "$tampered"
cp -r "$releases/$tag" "$tampered/"
printf 'x' >>"$tampered/$tag/redis-lua-lint_${version}_linux_${arch}.tar.gz"
status=0
action_install "$tampered" "$WORK/tampered-bin" >"$WORK/tampered.out" 2>&1 || status=$?
cat "$WORK/tampered.out"
[ "$status" -ne 0 ] || die "the install step accepted a tampered archive"
grep -q '::error::redis-lua-lint: checksum mismatch' "$WORK/tampered.out" || die "no checksum mismatch error"
[ ! -e "$WORK/tampered-bin/redis-lua-lint" ] || die "the tampered binary was installed"
echo "check-release: ok"
