#!/usr/bin/env bash
# scripts/check-action.sh: lint the GitHub workflows with actionlint (which
# also checks every `uses: ./` step against the inputs declared in
# action.yml, and runs shellcheck on `run:` scripts when shellcheck is
# installed), then run the Go tests that validate action.yml (including its
# scripts, run against a fake CLI, and scripts/action-install.sh, run
# against a local release directory standing in for the download, a
# checksum mismatch included), the problem matcher and
# .pre-commit-hooks.yaml.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="/usr/local/go/bin:$PATH"

ACTIONLINT="github.com/rhysd/actionlint/cmd/actionlint@v1.7.12"

shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
shopt -u nullglob
if [ "${#workflows[@]}" -eq 0 ]; then
	echo "check-action: no workflows in .github/workflows" >&2
	exit 1
fi

echo "--- actionlint ${ACTIONLINT##*@} on ${workflows[*]}"
go run "$ACTIONLINT" -no-color "${workflows[@]}"
echo "ok"

echo "--- action.yml, problem matcher and pre-commit manifest"
go test -count=1 ./internal/repotest -run 'TestAction|TestProblemMatcher|TestPreCommitHooks'
