//go:build longtest

package longtest

// Enabled is true when the long test suites run (built with -tags longtest).
const Enabled = true
