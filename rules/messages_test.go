package rules

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Tests of the worker's message table (messages.go).

// TestMessageTableIntern checks intern on its own: an interned message is
// found again (also after the table grew), a returned string never
// aliases the caller's bytes, and the table stops growing at its bounds
// while still returning every message right.
func TestMessageTableIntern(t *testing.T) {
	var tab messageTable
	buf := []byte("local 'x' is never read")
	s := tab.intern(buf)
	buf[7] = 'y' // the caller's buffer is reused for the next message
	if s != "local 'x' is never read" {
		t.Fatalf("interned string changed with the caller's buffer: %q", s)
	}
	if got := tab.intern([]byte("local 'x' is never read")); got != s || tab.n != 1 {
		t.Fatalf("second intern: %q, %d held; want %q, 1", got, tab.n, s)
	}
	if got := tab.intern(nil); got != "" || tab.n != 1 {
		t.Fatalf("empty message: %q, %d held", got, tab.n)
	}
	// Enough messages to grow the table several times and reach its
	// bound.
	var want []string
	for i := range maxMessages + 500 {
		want = append(want, "message "+strconv.Itoa(i*7919))
	}
	for _, w := range want {
		b := []byte(w)
		got := tab.intern(b)
		clear(b)
		if got != w {
			t.Fatalf("intern(%q) = %q", w, got)
		}
	}
	if tab.n != maxMessages {
		t.Fatalf("%d messages held, want the bound %d", tab.n, maxMessages)
	}
	held := tab.n
	for _, w := range want {
		if got := tab.intern([]byte(w)); got != w {
			t.Fatalf("intern(%q) again = %q", w, got)
		}
	}
	if tab.n != held {
		t.Fatalf("interning known messages again added %d", tab.n-held)
	}
	found := 0
	for _, sl := range tab.slots {
		if sl != "" {
			found++
		}
	}
	if found != tab.n || 4*tab.n > 3*len(tab.slots) {
		t.Fatalf("%d messages in %d slots, n = %d", found, len(tab.slots), tab.n)
	}
	long := strings.Repeat("x", maxMessageLen+1)
	if got := tab.intern([]byte(long)); got != long {
		t.Fatal("a long message was changed")
	}
}

// TestMessageTableBytesBound checks the bound on the bytes held.
func TestMessageTableBytesBound(t *testing.T) {
	var tab messageTable
	part := strings.Repeat("m", maxMessageLen-10)
	for i := 0; tab.bytes+maxMessageLen < maxMessageBytes; i++ {
		tab.intern([]byte(part + strconv.Itoa(i)))
		if i > maxMessages {
			t.Fatal("the byte bound is never reached")
		}
	}
	before := tab.n
	for i := range 100 {
		w := part + "-" + strconv.Itoa(i)
		if got := tab.intern([]byte(w)); got != w {
			t.Fatalf("intern(%q) = %q", w, got)
		}
	}
	if tab.bytes > maxMessageBytes || tab.n > before+2 {
		t.Fatalf("%d bytes held (bound %d), %d messages (%d before)", tab.bytes, maxMessageBytes, tab.n, before)
	}
}

// TestMessageWithoutWorker checks that a pass without worker memory (as
// tests make) gets the plain concatenation.
func TestMessageWithoutWorker(t *testing.T) {
	f, _ := luaast.Parse("x.lua", []byte("return 1"))
	msgs := newMessages(newTestPass(f))
	for _, parts := range [][]string{nil, {""}, {"a"}, {"local '", "x", "' is never read"}, {strings.Repeat("long ", 100), "tail"}} {
		if got, want := msgs.concat(parts...), strings.Join(parts, ""); got != want {
			t.Errorf("message(%q) = %q, want %q", parts, got, want)
		}
		if got, want := msgs.bytes([]byte(strings.Join(parts, ""))), strings.Join(parts, ""); got != want {
			t.Errorf("bytes(%q) = %q", want, got)
		}
	}
}

// messageSources are the rule fixtures, the realistic scripts and
// generated scripts, in a fixed order.
func messageSources(t *testing.T) []analyzer.Source {
	t.Helper()
	srcs := addGenerated(walkSources(t), "luagen-messages-", 77000, 150)
	names := make([]string, 0, len(srcs))
	for name := range srcs {
		names = append(names, name)
	}
	sort.Strings(names)
	var list []analyzer.Source
	for _, name := range names {
		list = append(list, analyzer.Source{Path: name, Src: srcs[name]})
	}
	return list
}

// TestMessagesAcrossFilesOracle lints a sequence of files with one worker,
// whose message table then serves each file the messages of the files
// before it, twice over (the second round finds nearly every message in
// the table), and compares every finding with the file linted alone by a
// fresh worker and with several workers: the same findings, messages,
// related notes and fixes.
func TestMessagesAcrossFilesOracle(t *testing.T) {
	srcs := messageSources(t)
	n := len(srcs)
	for i := range n {
		// Again, under another name, in another order.
		s := srcs[(i*37)%n]
		srcs = append(srcs, analyzer.Source{Path: fmt.Sprintf("again-%04d-%s", i, s.Path), Src: s.Src})
	}
	eng := analyzer.NewEngine(All(), analyzer.DefaultConfig("."), 1)
	together := eng.CheckFiles(context.Background(), srcs)
	parallel := analyzer.NewEngine(All(), analyzer.DefaultConfig("."), 3).CheckFiles(context.Background(), srcs)
	if len(together) != len(srcs) || len(parallel) != len(srcs) {
		t.Fatalf("%d and %d results for %d files", len(together), len(parallel), len(srcs))
	}
	// The results come sorted by path.
	byPath := func(rs []analyzer.FileResult) map[string]analyzer.FileResult {
		m := map[string]analyzer.FileResult{}
		for _, r := range rs {
			m[r.Path] = r
		}
		return m
	}
	togetherBy, parallelBy := byPath(together), byPath(parallel)
	findings, repeated := 0, 0
	seen := map[string]bool{}
	for _, s := range srcs {
		alone := eng.CheckSource(s.Path, s.Src)
		got := togetherBy[s.Path]
		if !reflect.DeepEqual(got.Diagnostics, alone.Diagnostics) {
			t.Fatalf("%s: findings after other files differ from the file's alone:\n%s", s.Path, diffDiagnostics(got.Diagnostics, alone.Diagnostics))
		}
		if !reflect.DeepEqual(parallelBy[s.Path].Diagnostics, alone.Diagnostics) {
			t.Fatalf("%s: findings with 3 workers differ from the file's alone", s.Path)
		}
		for _, d := range got.Diagnostics {
			findings++
			if seen[d.Message] {
				repeated++
			}
			seen[d.Message] = true
		}
	}
	// The table must have been exercised: most messages repeat.
	if findings < 2000 || repeated < findings/2 {
		t.Fatalf("only %d findings, %d with a message seen before", findings, repeated)
	}
}

// diffDiagnostics describes the findings of got and want that differ.
func diffDiagnostics(got, want []analyzer.Diagnostic) string {
	var b strings.Builder
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = fmt.Sprintf("%+v", got[i])
		}
		if i < len(want) {
			w = fmt.Sprintf("%+v", want[i])
		}
		if g != w {
			fmt.Fprintf(&b, "%d: got  %s\n%d: want %s\n", i, g, i, w)
		}
	}
	return b.String()
}

// TestMessagesConcatReusesBuffer checks that concat, which builds every
// message in the table's one buffer, returns strings that later messages
// do not overwrite: interned or not (too long), found or new.
func TestMessagesConcatReusesBuffer(t *testing.T) {
	m := messages{t: new(messageTable), looked: true}
	long := strings.Repeat("L", maxMessageLen)
	cases := [][]string{
		{"local '", "a", "' is never read"},
		{"local '", "bb", "' is never read"},
		{long, "-tail"},
		{"x"},
		{long, "-other"},
		{"local '", "a", "' is never read"},
		{"", ""},
		{"y", "", "z"},
	}
	var got []string
	for _, parts := range cases {
		got = append(got, m.concat(parts...))
	}
	for i, parts := range cases {
		if want := strings.Join(parts, ""); got[i] != want {
			t.Errorf("message %d is %.40q after later messages, want %.40q", i, got[i], want)
		}
	}
	if m.t.n != 4 {
		t.Errorf("%d messages interned, want 4 (the long ones, the empty one and the repeat are not)", m.t.n)
	}
}
