package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// The rules replace a few library calls on their per-file path with
// hand-written equivalents; these tests keep the library calls as oracles.

// markdownCodeRegexp is what quoteMarkdownCode replaced.
var markdownCodeRegexp = regexp.MustCompile("`!?([^`]*)`")

// commandTableTexts returns the replaced_by texts and the version strings
// of every command the facts know, on every known version.
func commandTableTexts(t *testing.T) (replacedBy, versions []string) {
	t.Helper()
	for _, name := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range redisfacts.Commands(v) {
			replacedBy = append(replacedBy, c.ReplacedBy)
			versions = append(versions, c.DeprecatedSince, c.Since)
			for i := range c.Args {
				for _, valkey := range []bool{false, true} {
					if s, ok := c.Args[i].FirstVersion(valkey); ok {
						versions = append(versions, s)
					}
				}
			}
		}
	}
	if len(replacedBy) < 100 {
		t.Fatalf("only %d commands", len(replacedBy))
	}
	return replacedBy, versions
}

func TestQuoteMarkdownCode(t *testing.T) {
	texts, _ := commandTableTexts(t)
	texts = append(texts, "", "plain", "`A`", "`!A`", "`!`", "``", "a `b", "a `b` c `d", "`a``b`", "`!!x` and `!y`z",
		"x ` y ` z", "é `ü` ö", "`a\nb`")
	for _, s := range texts {
		if got, want := quoteMarkdownCode(s), markdownCodeRegexp.ReplaceAllString(s, "'$1'"); got != want {
			t.Errorf("quoteMarkdownCode(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestParseMajorMinor(t *testing.T) {
	_, versions := commandTableTexts(t)
	versions = append(versions, "", "7", "7.", ".2", "7.2", "7.2.0", "10.12.3", " 7.2", "+7.2", "-1.2", "7.-2",
		"7.2x", "7.2 ", "7..2", "x7.2", "1234567890.1", "1.1234567890", "007.08", "7.2.0-rc1")
	for _, s := range versions {
		for _, valkey := range []bool{false, true} {
			got, gotOK := parseMajorMinor(valkey, s)
			var major, minor int
			_, err := fmt.Sscanf(s, "%d.%d", &major, &minor)
			want := redisfacts.Version{Valkey: valkey, Major: major, Minor: minor}
			if gotOK != (err == nil) || (gotOK && got != want) {
				t.Errorf("parseMajorMinor(%v, %q) = %v, %v; Sscanf gives %v, %v", valkey, s, got, gotOK, want, err)
			}
		}
	}
}

func TestServerRaisesQuotes(t *testing.T) {
	for _, text := range []string{"", "plain text", `with "quotes"`, `back\slash`, "tab\there", "é", "\x7f", "new\nline"} {
		for _, valkey := range []bool{false, true} {
			v := redisfacts.Version{Valkey: valkey, Major: 8}
			want := "Redis raises " + strconv.Quote(text)
			if valkey {
				want = "Valkey raises " + strconv.Quote(text)
			}
			if got := serverRaises(v, text, text); got != want {
				t.Errorf("serverRaises(%v, %q) = %q, want %q", v, text, got, want)
			}
		}
	}
}
