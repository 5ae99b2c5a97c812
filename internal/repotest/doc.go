// Package repotest holds tests of the repository's non-Go artefacts: the
// GitHub Action metadata (action.yml), the pre-commit hook manifest
// (.pre-commit-hooks.yaml), the problem matcher and the examples/ scripts,
// which are run against a real Redis server. It has no exported API.
package repotest
