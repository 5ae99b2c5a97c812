package redisfacts

// ValidFunctionName reports whether s is a valid Functions library or
// function name: one or more of [A-Za-z0-9_], as the server's
// functionsVerifyName checks (FUNCTION LOAD fails with "Library names can
// only contain letters, numbers, or underscores(_) and must be at least one
// character long" for both).
func ValidFunctionName(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if c != '_' && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}
