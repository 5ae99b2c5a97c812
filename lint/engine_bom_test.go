package lint

import (
	"strings"
	"testing"
)

// TestByteOrderMarkIsOneWarning checks that a UTF-8 byte order mark at the
// start of a file is one syntax-error warning at 1:1, and that the rest of
// the file is linted as if it were blank (the other findings appear, at
// their places); a mark elsewhere is not this finding.
func TestByteOrderMarkIsOneWarning(t *testing.T) {
	src := "\xef\xbb\xbflocal x = 1\nreturn x\n"
	res := NewEngine(engineTestRules(), nil, 1).CheckSource("bom.lua", []byte(src))
	got := engineSummary([]FileResult{res})
	if len(got) != 2 {
		t.Fatalf("findings %q, want the BOM warning and hardcoded-key", got)
	}
	if !strings.HasPrefix(got[0], "bom.lua:1:1 syntax-error warning the file starts with a UTF-8 byte order mark") {
		t.Errorf("first finding %q, want the BOM warning at 1:1", got[0])
	}
	if got[1] != "bom.lua:1:4 hardcoded-key warning local x" {
		t.Errorf("second finding %q, want the test rule's at 1:4", got[1])
	}
	if string(res.Src) != src {
		t.Errorf("the result's source was changed: %q", res.Src)
	}

	mid := NewEngine(engineTestRules(), nil, 1).CheckSource("mid.lua", []byte("local x = 1\n\xef\xbb\xbfreturn x\n"))
	for _, d := range mid.Diagnostics {
		if strings.Contains(d.Message, "starts with a UTF-8 byte order mark") {
			t.Errorf("a mark after the start got the BOM warning: %s", d.Message)
		}
	}
}
