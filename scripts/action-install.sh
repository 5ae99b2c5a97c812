#!/usr/bin/env bash
# scripts/action-install.sh: how the GitHub Action (action.yml) gets
# redis-lua-lint. It is a script of its own so that a test can run it
# (internal/repotest/action_install_test.go, and .ci/run against the
# snapshot release GoReleaser builds).
#
#   action-install.sh plan      decide: writes mode=download|source|go-install
#                               and tag=... to $GITHUB_OUTPUT
#   action-install.sh install   download and verify, or build; writes
#                               bin-dir=... to $GITHUB_OUTPUT and appends it
#                               to $GITHUB_PATH
#
# Environment (what action.yml passes):
#   RLL_VERSION       the version input: "" (the action's own version),
#                     "source", "latest", a release tag (v1.2.3) or any
#                     other ref (a commit, a branch) for `go install`
#   RLL_ACTION_REF    github.action_ref (the ref the workflow used the
#                     action at; empty for a local `uses: ./`)
#   RLL_ACTION_PATH   github.action_path (the action's checkout)
#   RLL_INSTALL_DIR   where the downloaded binary goes
#   RUNNER_OS, RUNNER_ARCH   the runner's platform (Linux/macOS/Windows,
#                     X64/ARM64)
#   RLL_RELEASE_URL   the releases' download base (default
#                     https://github.com/redis-lua-lint/redis-lua-lint/releases/download);
#                     a file:// URL in tests
#   RLL_LATEST_URL    the page that redirects to the latest release
#                     (default https://github.com/redis-lua-lint/redis-lua-lint/releases/latest)
#
# A download is verified against the release's checksums.txt (sha256)
# before anything of it runs; a mismatch, a missing entry or a missing
# file fails the step.
set -euo pipefail

REPO_URL="https://github.com/redis-lua-lint/redis-lua-lint"
RELEASE_URL="${RLL_RELEASE_URL:-$REPO_URL/releases/download}"
LATEST_URL="${RLL_LATEST_URL:-$REPO_URL/releases/latest}"
MODULE="github.com/redis-lua-lint/redis-lua-lint/cmd/redis-lua-lint"

die() {
	echo "::error::redis-lua-lint: $*"
	exit 1
}

# is_release_tag TAG: a release tag as GoReleaser publishes them.
is_release_tag() {
	[[ "$1" =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]
}

# output NAME VALUE: a step output.
output() {
	echo "$1=$2" >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
}

plan() {
	local version="${RLL_VERSION:-}" ref="${RLL_ACTION_REF:-}"
	case "$version" in
	"")
		# The action's own version: its release binary when the workflow
		# pinned a release tag, its source otherwise (a branch, a commit,
		# a moving major tag such as v1, a local checkout).
		if is_release_tag "$ref"; then
			output mode download
			output tag "$ref"
		else
			output mode source
			output tag ""
		fi
		;;
	source)
		output mode source
		output tag ""
		;;
	latest)
		output mode download
		output tag latest
		;;
	*)
		if is_release_tag "$version"; then
			output mode download
			output tag "$version"
		else
			output mode go-install
			output tag "$version"
		fi
		;;
	esac
}

# platform: sets PLATFORM to the release's os_arch for this runner.
platform() {
	local os arch
	case "${RUNNER_OS:-}" in
	Linux) os=linux ;;
	macOS) os=darwin ;;
	Windows) os=windows ;;
	*) die "no release binary for runner OS '${RUNNER_OS:-}' (use version: source)" ;;
	esac
	case "${RUNNER_ARCH:-}" in
	X64) arch=amd64 ;;
	ARM64) arch=arm64 ;;
	*) die "no release binary for runner architecture '${RUNNER_ARCH:-}' (use version: source)" ;;
	esac
	PLATFORM="${os}_${arch}"
}

# sha256 FILE: its hex digest.
sha256() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d' ' -f1
	else
		shasum -a 256 "$1" | cut -d' ' -f1
	fi
}

fetch() {
	# fetch URL FILE
	curl -fsSL --retry 3 --retry-delay 2 -o "$2" "$1"
}

# download TAG: installs the release binary of TAG into $RLL_INSTALL_DIR
# and sets BIN_DIR to it.
download() {
	local tag="$1" plat dir asset ext exe="" want got
	if [ "$tag" = "latest" ]; then
		# The latest release's page redirects to .../releases/tag/vX.Y.Z.
		tag="$(curl -fsSLI -o /dev/null -w '%{url_effective}' "$LATEST_URL")" ||
			die "cannot find the latest release at $LATEST_URL"
		tag="${tag##*/}"
		is_release_tag "$tag" || die "the latest release resolved to '$tag', not a release tag"
	fi
	platform
	plat="$PLATFORM"
	ext=tar.gz
	if [ "${plat%_*}" = windows ]; then
		ext=zip
		exe=.exe
	fi
	asset="redis-lua-lint_${tag#v}_${plat}.${ext}"
	dir="${RLL_INSTALL_DIR:?RLL_INSTALL_DIR is not set}"
	mkdir -p "$dir"
	local tmp
	tmp="$(mktemp -d)"
	echo "downloading $asset ($tag)"
	fetch "$RELEASE_URL/$tag/checksums.txt" "$tmp/checksums.txt" ||
		die "no checksums.txt for $tag at $RELEASE_URL/$tag (a tag without a release? use version: source or a commit)"
	fetch "$RELEASE_URL/$tag/$asset" "$tmp/$asset" ||
		die "cannot download $RELEASE_URL/$tag/$asset"
	want="$(awk -v a="$asset" '$2 == a || $2 == "*" a { print $1 }' "$tmp/checksums.txt")"
	[ -n "$want" ] || die "checksums.txt of $tag has no entry for $asset"
	got="$(sha256 "$tmp/$asset")"
	if [ "$got" != "$want" ]; then
		die "checksum mismatch for $asset: sha256 $got, checksums.txt says $want; not installing it"
	fi
	echo "sha256 $got verified against checksums.txt"
	mkdir -p "$tmp/x"
	if [ "$ext" = zip ]; then
		if command -v unzip >/dev/null 2>&1; then
			unzip -q "$tmp/$asset" -d "$tmp/x"
		else
			tar -xf "$tmp/$asset" -C "$tmp/x"
		fi
	else
		tar -xzf "$tmp/$asset" -C "$tmp/x"
	fi
	[ -f "$tmp/x/redis-lua-lint$exe" ] || die "$asset holds no redis-lua-lint$exe"
	mv "$tmp/x/redis-lua-lint$exe" "$dir/redis-lua-lint$exe"
	chmod +x "$dir/redis-lua-lint$exe"
	rm -rf "$tmp"
	BIN_DIR="$dir"
}

# gobin: where go install puts binaries.
gobin() {
	local bin
	bin="$(go env GOBIN)"
	if [ -z "$bin" ]; then
		bin="$(go env GOPATH)/bin"
	fi
	echo "$bin"
}

install() {
	local mode="${RLL_MODE:?RLL_MODE is not set (the plan step output mode)}" tag="${RLL_TAG:-}" bin
	# A static binary (no cgo: it is only pulled in by the net package,
	# which the tool never uses).
	export CGO_ENABLED=0
	case "$mode" in
	download)
		download "$tag"
		bin="$BIN_DIR"
		;;
	source)
		(cd "${RLL_ACTION_PATH:?RLL_ACTION_PATH is not set}" && go install ./cmd/redis-lua-lint)
		bin="$(gobin)"
		;;
	go-install)
		go install "$MODULE@$tag"
		bin="$(gobin)"
		;;
	*)
		die "unknown install mode '$mode'"
		;;
	esac
	local exe=""
	if [ -f "$bin/redis-lua-lint.exe" ]; then
		exe=.exe
	fi
	"$bin/redis-lua-lint$exe" version
	output bin-dir "$bin"
	if [ -n "${GITHUB_PATH:-}" ]; then
		echo "$bin" >>"$GITHUB_PATH"
	fi
}

case "${1:-}" in
plan) plan ;;
install) install ;;
*)
	echo "usage: $0 plan|install" >&2
	exit 2
	;;
esac
