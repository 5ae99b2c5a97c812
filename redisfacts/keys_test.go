package redisfacts

import (
	"slices"
	"strings"
	"testing"
)

// args builds argv from words; a word "?" is an unknown argument.
func args(words string) []Arg {
	var out []Arg
	for _, w := range strings.Fields(words) {
		if w == "?" {
			out = append(out, Arg{})
			continue
		}
		if w == `""` {
			w = ""
		}
		out = append(out, Arg{Text: w, Known: true})
	}
	return out
}

func TestKeyPositions(t *testing.T) {
	tests := []struct {
		call     string
		sub      bool // argv[0..1] name a subcommand
		want     []int
		complete bool
	}{
		{call: "SET k v", want: []int{1}, complete: true},
		{call: "SET k v NX GET", want: []int{1}, complete: true},
		{call: "GET k", want: []int{1}, complete: true},
		{call: "get ?", want: []int{1}, complete: true},
		{call: "MSET k1 v1 k2 v2", want: []int{1, 3}, complete: true},
		{call: "MSET ? ? ? ?", want: []int{1, 3}, complete: true},
		{call: "DEL a b c", want: []int{1, 2, 3}, complete: true},
		{call: "ZUNIONSTORE dst 2 a b WEIGHTS 1 2", want: []int{1, 3, 4}, complete: true},
		{call: "ZUNIONSTORE dst ? a b", want: []int{1}, complete: false},
		{call: "ZUNIONSTORE dst x a b", want: []int{1}, complete: false},
		{call: "ZUNIONSTORE dst 5 a b", want: []int{1}, complete: false}, // numkeys past argc
		{call: "ZINTERCARD 2 a b LIMIT 5", want: []int{2, 3}, complete: true},
		{call: "EVAL script 2 k1 k2 a1", want: []int{3, 4}, complete: true},
		{call: "EVAL script 0 a1", want: nil, complete: true},
		{call: "EVAL script ? k1", want: nil, complete: false},
		{call: "FCALL f 1 k a", want: []int{3}, complete: true},
		{call: "XREAD COUNT 1 STREAMS s1 s2 0 0", want: []int{4, 5}, complete: true},
		{call: "XREAD STREAMS s1 0", want: []int{2}, complete: true},
		{call: "XREAD ? ? STREAMS s1 0", want: nil, complete: false},
		{call: "XREADGROUP GROUP g c COUNT 1 STREAMS s1 >", want: []int{7}, complete: true},
		{call: "LMOVE a b LEFT RIGHT", want: []int{1, 2}, complete: true},
		{call: "RENAME a b", want: []int{1, 2}, complete: true},
		{call: "BITOP AND dest a b", want: []int{2, 3, 4}, complete: true},
		{call: "BLPOP a b 0", want: []int{1, 2}, complete: true},
		{call: "LCS a b", want: []int{1, 2}, complete: true},
		{call: "OBJECT ENCODING k", sub: true, want: []int{2}, complete: true},
		{call: "XINFO STREAM k", sub: true, want: []int{2}, complete: true},
		{call: "MEMORY USAGE k", sub: true, want: []int{2}, complete: true},
		{call: "GEORADIUS k 0 0 10 m STORE dst", want: []int{1, 7}, complete: true},
		{call: "GEORADIUS k 0 0 10 m STOREDIST dst", want: []int{1, 7}, complete: true},
		{call: "GEORADIUS k 0 0 10 m WITHDIST", want: []int{1}, complete: true},
		{call: "GEORADIUS k 0 0 10 m ? dst", want: []int{1}, complete: false},
		{call: "MIGRATE host 6379 k 0 5000", want: []int{3}, complete: true},
		{call: "MIGRATE host 6379 k 0 5000 COPY REPLACE AUTH keys", want: []int{3}, complete: true},
		{call: `MIGRATE host 6379 "" 0 5000 AUTH2 u p KEYS a b`, want: []int{10, 11}, complete: true},
		{call: `MIGRATE host 6379 "" 0 5000 KEYS a b`, want: []int{7, 8}, complete: true},
		{call: "MIGRATE host 6379 k 0 5000 ?", want: nil, complete: false},
		{call: "SORT k", want: []int{1}, complete: true},
		{call: "SORT k LIMIT 0 10 ALPHA DESC STORE dst", want: []int{1, 8}, complete: true},
		{call: "SORT k BY weight_* GET obj_*", want: []int{1}, complete: false},
		{call: "SORT k BY nosort GET #", want: []int{1}, complete: true},
		{call: "SORT k ?", want: []int{1}, complete: false},
		{call: "SORT_RO k ALPHA", want: []int{1}, complete: true},
		{call: "PING", want: nil, complete: true},
		{call: "SET", want: nil, complete: false}, // too few arguments
		{call: "HEXPIRE k 10 FIELDS 1 f", want: []int{1}, complete: true},
		{call: "MSETEX 2 k1 v1 k2 v2 EX 10", want: []int{2, 4}, complete: true},
	}
	v := DefaultVersion
	for _, tt := range tests {
		argv := args(tt.call)
		var c *Command
		if tt.sub {
			c = LookupSubcommand(v, argv[0].Text, argv[1].Text)
		} else {
			c = LookupCommand(v, argv[0].Text)
		}
		if c == nil {
			t.Errorf("%s: command missing", tt.call)
			continue
		}
		got, complete := c.KeyPositions(argv)
		if !slices.Equal(got, tt.want) || complete != tt.complete {
			t.Errorf("%s: KeyPositions = %v, %v; want %v, %v", tt.call, got, complete, tt.want, tt.complete)
		}
	}
}

// KeyPositions must never panic nor return an index outside argv,
// whatever the call looks like.
func TestKeyPositionsNeverOutOfRange(t *testing.T) {
	words := []Arg{{}, {Text: "1", Known: true}, {Text: "-1", Known: true}, {Text: "STREAMS", Known: true},
		{Text: "KEYS", Known: true}, {Text: "STORE", Known: true}, {Text: "99", Known: true}, {Text: "x", Known: true}}
	for i := range commandTable {
		c := &commandTable[i]
		for n := range 8 {
			for seed := range words {
				argv := make([]Arg, n)
				for j := range argv {
					argv[j] = words[(seed+j*3)%len(words)]
				}
				pos, _ := c.KeyPositions(argv)
				for _, p := range pos {
					if p < 1 || p >= n {
						t.Fatalf("%s %v: position %d out of range", c.Name, argv, p)
					}
				}
			}
		}
	}
}
