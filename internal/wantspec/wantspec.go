// Package wantspec reads the expectations that fixtures write in comments:
// `want: rule-id[severity] "message substring", ...`. The rule fixtures
// (Lua comments) and the front ends' host-file fixtures share it.
package wantspec

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

var ruleIDRe = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*`)

// Want is one expected finding: a rule ID on a line, optionally with a
// substring its message must contain.
type Want struct {
	Line   int
	RuleID string
	// Substr, when not empty, must occur in the finding's message.
	Substr string
	// Severity, when not zero, is the severity the finding must have
	// (written `rule-id[info]`).
	Severity analyzer.Severity
}

// String renders the expectation as it is written in a fixture.
func (w Want) String() string {
	id := w.RuleID
	if w.Severity != 0 {
		id += "[" + w.Severity.String() + "]"
	}
	if w.Substr != "" {
		return fmt.Sprintf("%s %q", id, w.Substr)
	}
	return id
}

// Parse reads `id, id[severity] "substr", ...`; a substring is
// Go-quoted: "..." with Go escapes, or a raw `...` for text with
// backslashes. A severity in brackets (error, warning, info) must match the
// finding's.
func Parse(s string) ([]Want, error) {
	var ws []Want
	rest := strings.TrimSpace(s)
	if rest == "" {
		return nil, fmt.Errorf("empty want: write `-- want: rule-id`")
	}
	for {
		id := ruleIDRe.FindString(rest)
		if id == "" {
			return nil, fmt.Errorf("want: expected a rule ID at %q", rest)
		}
		w := Want{RuleID: id}
		rest = rest[len(id):]
		if strings.HasPrefix(rest, "[") {
			name, after, ok := strings.Cut(rest[1:], "]")
			if !ok {
				return nil, fmt.Errorf("want: unclosed severity after %s at %q", id, rest)
			}
			sev, err := analyzer.ParseSeverity(name)
			if err != nil {
				return nil, fmt.Errorf("want: %s[%s]: %w", id, name, err)
			}
			w.Severity, rest = sev, after
		}
		rest = strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(rest, `"`) || strings.HasPrefix(rest, "`") {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("want: bad quoted message substring at %q: %w", rest, err)
			}
			w.Substr, _ = strconv.Unquote(q)
			if w.Substr == "" {
				return nil, fmt.Errorf("want: empty message substring for %s", id)
			}
			rest = strings.TrimLeft(rest[len(q):], " \t")
		}
		ws = append(ws, w)
		if rest == "" {
			return ws, nil
		}
		if rest[0] != ',' {
			return nil, fmt.Errorf("want: expected ',' or end of line at %q", rest)
		}
		rest = strings.TrimLeft(rest[1:], " \t")
	}
}
