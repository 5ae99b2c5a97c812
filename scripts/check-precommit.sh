#!/usr/bin/env bash
# scripts/check-precommit.sh: prove the hooks in .pre-commit-hooks.yaml work
# the way a user runs them.
#
# pre-commit's golang hooks are built with `go install ./...` from a commit of
# the hook repository, and `pre-commit try-repo` on a dirty tree commits only
# changes to tracked files. So this script copies the working tree as it is
# (tracked and untracked files, minus ignored ones) into a throw-away
# repository, commits it there, and runs `pre-commit try-repo` against that
# commit from a second throw-away repository holding a bad and a good script.
# Nothing in this repository's git state is touched.
#
# EXPECT_RULES lists the rule IDs the bad scripts must report (default:
# "syntax-error global-assignment").
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
export PATH="/usr/local/go/bin:$PATH"

die() {
	printf 'check-precommit: %s\n' "$*" >&2
	exit 1
}
command -v pre-commit >/dev/null 2>&1 || die "pre-commit is not installed (apt-get install pre-commit)"
command -v go >/dev/null 2>&1 || die "go is not on PATH"
command -v git >/dev/null 2>&1 || die "git is not on PATH"

EXPECT_RULES="${EXPECT_RULES:-syntax-error global-assignment}"

WORK="$(mktemp -d)"
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT

# pre-commit keeps its own cache; the Go module cache is shared with the
# machine's so the hook build does not download every module again.
export PRE_COMMIT_HOME="$WORK/pre-commit-home"
GOMODCACHE="$(go env GOMODCACHE)"
export GOMODCACHE
export PRE_COMMIT_COLOR=never

gitq() {
	git -c user.name=check-precommit -c user.email=check-precommit@localhost \
		-c commit.gpgsign=false -c init.defaultBranch=main "$@"
}

# 1. A committed snapshot of the working tree.
snapshot="$WORK/hook-repo"
mkdir -p "$snapshot"
git -C "$ROOT" ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do
		# Tracked files deleted in the working tree are left out.
		if [ -e "$ROOT/$f" ]; then printf '%s\0' "$f"; fi
	done |
	tar -C "$ROOT" --null -T - -cf - | tar -C "$snapshot" -xf -
gitq -C "$snapshot" init -q
gitq -C "$snapshot" add -A
gitq -C "$snapshot" commit -q -m "snapshot for check-precommit"
echo "hook repository snapshot: $(git -C "$snapshot" rev-parse HEAD) ($(git -C "$snapshot" ls-files | wc -l) files)"

# 2. A consumer repository with bad and good scripts.
consumer="$WORK/consumer"
mkdir -p "$consumer"
cat >"$consumer/bad-syntax.lua" <<'LUA'
-- goto arrived in Lua 5.2; Redis runs Lua 5.1, so SCRIPT LOAD refuses this.
for i = 1, #KEYS do
  if KEYS[i] == '' then goto continue end
  redis.call('INCR', KEYS[i])
  ::continue::
end
return 1
LUA
cat >"$consumer/bad-global.lua" <<'LUA'
-- Redis refuses to create globals: "Attempt to modify a readonly table".
count = 1
return redis.call('INCRBY', KEYS[1], count)
LUA
cat >"$consumer/good.lua" <<'LUA'
-- Returns the value of KEYS[1], or 0 when it does not exist.
local value = redis.call('GET', KEYS[1])
if not value then
  return 0
end
return value
LUA
echo "not a Lua file: the hook must not be given it" >"$consumer/notes.txt"
# Application code: a Python file embedding a script with a bug, and one
# that mentions redis but holds no script.
cat >"$consumer/limiter.py" <<'PY'
import redis

r = redis.Redis()

LUA = """
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  ttl = redis.call('EXPIRE', KEYS[1], ARGV[1])
end
return current
"""

def hit(key, window):
    return r.eval(LUA, 1, key, window)
PY
cat >"$consumer/plain.py" <<'PY'
import redis

def client():
    return redis.Redis()
PY

gitq -C "$consumer" init -q
gitq -C "$consumer" add -A
gitq -C "$consumer" commit -q -m "scripts"

# 2b. A Go module (its own repository, go.mod at the root as the hook
# expects) with a script embedded in a go-redis call. go-redis is a local
# stub (replace directive) so that nothing is downloaded.
goapp="$WORK/goapp"
mkdir -p "$goapp/goredis"
cat >"$goapp/go.mod" <<'GO'
module example.com/goapp

go 1.22

require github.com/redis/go-redis/v9 v9.7.0

replace github.com/redis/go-redis/v9 => ./goredis
GO
cat >"$goapp/goredis/go.mod" <<'GO'
module github.com/redis/go-redis/v9

go 1.22
GO
cat >"$goapp/goredis/redis.go" <<'GO'
// Package redis stubs the part of go-redis the test uses.
package redis

// Script is a Lua script run with EVALSHA, falling back to EVAL.
type Script struct{ src string }

// NewScript returns a Script for src.
func NewScript(src string) *Script { return &Script{src: src} }
GO
cat >"$goapp/app.go" <<'GO'
// Package app keeps a counter.
package app

import "github.com/redis/go-redis/v9"

// Incr adds to the counter in KEYS[1].
var Incr = redis.NewScript(`
step = 1
return redis.call('INCRBY', KEYS[1], step)
`)
GO
gitq -C "$goapp" init -q
gitq -C "$goapp" add -A
gitq -C "$goapp" commit -q -m "app"

try_repo() {
	# try_repo HOOK OUTFILE FILE...: runs HOOK as if FILEs were staged.
	local hook="$1" out="$2"
	shift 2
	local status=0
	(cd "$consumer" && pre-commit try-repo "$snapshot" "$hook" --verbose --files "$@") >"$out" 2>&1 || status=$?
	return "$status"
}

failures=0
fail() {
	printf 'check-precommit: FAIL: %s\n' "$*" >&2
	failures=$((failures + 1))
}

# 3. The bad scripts fail and the output names the file and the rule.
echo "--- bad scripts (expecting the hook to fail)"
status=0
try_repo redis-lua-lint "$WORK/bad.out" bad-syntax.lua bad-global.lua || status=$?
cat "$WORK/bad.out"
if [ "$status" -eq 0 ]; then
	fail "the hook passed on bad-syntax.lua and bad-global.lua"
fi
grep -q 'redis-lua-lint\.*Failed' "$WORK/bad.out" || fail "pre-commit did not report the hook as Failed"
for f in bad-syntax.lua bad-global.lua; do
	grep -q "$f" "$WORK/bad.out" || fail "the output does not name $f"
done
for rule in $EXPECT_RULES; do
	grep -q -- "$rule" "$WORK/bad.out" || fail "the output does not name the rule $rule"
done

# 4. The good script (and a non-Lua file, which the hook must not receive)
# pass.
echo "--- good script (expecting the hook to pass)"
status=0
try_repo redis-lua-lint "$WORK/good.out" good.lua notes.txt || status=$?
cat "$WORK/good.out"
if [ "$status" -ne 0 ]; then
	fail "the hook failed on good.lua (exit $status)"
fi
grep -q 'redis-lua-lint\.*Passed' "$WORK/good.out" || fail "pre-commit did not report the hook as Passed"

# 4b. The hook for application code reports the script in limiter.py at
# its line in the Python file, and passes on a file without a script.
echo "--- embedded hook on Python files (expecting it to fail on limiter.py)"
status=0
try_repo redis-lua-lint-embedded "$WORK/py.out" limiter.py plain.py || status=$?
cat "$WORK/py.out"
if [ "$status" -eq 0 ]; then
	fail "the embedded hook passed on limiter.py"
fi
grep -q '^limiter.py:8:3: .*\[global-assignment\]' "$WORK/py.out" || fail "the embedded hook did not report global-assignment at limiter.py:8:3"
status=0
try_repo redis-lua-lint-embedded "$WORK/plain.out" plain.py || status=$?
cat "$WORK/plain.out"
if [ "$status" -ne 0 ]; then
	fail "the embedded hook failed on plain.py, which holds no script (exit $status)"
fi

# 5. The Go hook (default args: ./...) reports the script in app.go.
echo "--- Go hook on a go-redis script (expecting it to fail)"
status=0
(cd "$goapp" && pre-commit try-repo "$snapshot" redis-lua-lint-go --verbose --files app.go) >"$WORK/go.out" 2>&1 || status=$?
cat "$WORK/go.out"
if [ "$status" -eq 0 ]; then
	fail "the Go hook passed on app.go"
fi
grep -q 'redis-lua-lint (scripts in Go code)\.*Failed' "$WORK/go.out" || fail "pre-commit did not report the Go hook as Failed"
grep -q '^app.go:8:1: .*\[global-assignment\]' "$WORK/go.out" || fail "the Go hook did not report global-assignment at app.go:8:1"

# 6. What the hook environment holds: pre-commit's golang language runs
# `go install ./...` in the hook repository with GOPATH set to the
# environment and GOBIN unset (pre_commit/languages/golang.py); try-repo
# deletes its environments afterwards, so the same command is run here.
# The developer tools behind the devtools build tag must not be built.
echo "--- binaries the hook's go install ./... installs"
gopath="$WORK/hook-gopath"
(cd "$snapshot" && env -u GOBIN GOPATH="$gopath" GOFLAGS= go install ./...)
installed="$(find "$gopath/bin" -type f -printf '%f\n' | sort | tr '\n' ' ')"
echo "$installed"
if [ "$installed" != "redis-lua-lint redis-lua-lint-vet " ]; then
	fail "the hook installs '$installed', want only redis-lua-lint and redis-lua-lint-vet"
fi

if [ "$failures" -ne 0 ]; then
	die "$failures check(s) failed"
fi
echo "check-precommit: ok"
