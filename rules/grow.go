package rules

// appendDoubling appends x to s as append does, but a full slice's
// capacity doubles where append grows a large one by a quarter: on a huge
// file the arrays a slice outgrows stay in memory until the collector
// next runs (the CLI runs it rarely), about four times the final size with
// append's growth against once with doubling. For slices that may grow to
// one element per variable or node of a file.
func appendDoubling[T any](s []T, x T) []T {
	if len(s) == cap(s) {
		grown := make([]T, len(s), max(2*cap(s), 8))
		copy(grown, s)
		s = grown
	}
	return append(s, x)
}
