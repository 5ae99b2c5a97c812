package rules

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// messages builds a rule's finding messages by concatenation (cheaper than
// fmt.Sprintf for the frequent findings, whose arguments are all strings).
type messages struct{}

// newMessages returns the message builder of a rule running in pass.
func newMessages(*analyzer.Pass) messages { return messages{} }

// concat returns the concatenation of parts.
func (messages) concat(parts ...string) string { return strings.Join(parts, "") }
