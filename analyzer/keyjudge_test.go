package analyzer

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestKeyPrefixOnlyWhenBuilt checks dynamic-key's shortcut: where
// keyMayBeBuilt is false, classifyKey gives the same answer whatever the
// prefix, so the rule need not look for it. It tries every combination of
// the kinds classifyKey tests, with several parts, against prefixes of
// every shape it tells apart.
func TestKeyPrefixOnlyWhenBuilt(t *testing.T) {
	kinds := []OriginKind{OriginUnknown, OriginParam, OriginReply,
		OriginReplyElem, OriginDecoded, OriginArgvElem, OriginBuilt,
		OriginConverted, OriginArith, OriginKeysElem, OriginString,
		OriginNumber, OriginNil}
	parts := []OriginKind{0, OriginString, OriginKeysElem | OriginString,
		OriginArgvElem, OriginReplyElem, OriginDecoded | OriginArgvElem,
		OriginParam, OriginNumber | OriginBuilt}
	prefixes := []Origin{
		{Kinds: OriginKeysElem}, {Kinds: OriginArgvElem}, {Kinds: OriginParam},
		{Kinds: OriginUnknown}, {Kinds: OriginString},
		{Kinds: OriginDecoded, Parts: OriginArgvElem},
		{Kinds: OriginBuilt, Parts: OriginReplyElem},
	}
	skipped, differs := 0, 0
	for mask := range 1 << len(kinds) {
		var k OriginKind
		for i, kind := range kinds {
			if mask&(1<<i) != 0 {
				k |= kind
			}
		}
		for _, p := range parts {
			o := Origin{Kinds: k, Parts: p}
			for _, allowKeys := range []bool{false, true} {
				for _, allowArgv := range []bool{false, true} {
					wantP, wantA := classifyKey(o, Origin{}, allowKeys, allowArgv)
					for _, prefix := range prefixes {
						gotP, gotA := classifyKey(o, prefix, allowKeys, allowArgv)
						if keyMayBeBuilt(o) {
							if gotP != wantP || gotA != wantA {
								differs++
							}
							continue
						}
						skipped++
						if gotP != wantP || gotA != wantA {
							t.Fatalf("classifyKey(%s, %s) = %v, %v but %v, %v without a prefix; keyMayBeBuilt is false",
								o, prefix, gotP, gotA, wantP, wantA)
						}
					}
				}
			}
		}
	}
	// The shortcut must also keep the cases where the prefix matters.
	if skipped == 0 || differs == 0 {
		t.Fatalf("%d cases skipped, %d where the prefix matters", skipped, differs)
	}
}

// TestKeyPrefixOnlyWhenBuiltOnFiles runs the same check on the key
// arguments of real and generated scripts, with the prefix the rule would
// compute.
func TestKeyPrefixOnlyWhenBuiltOnFiles(t *testing.T) {
	keys, skipped := 0, 0
	for name, src := range oracleInputs(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Main == nil {
			continue
		}
		pass := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, discard)
		info, calls, origins := Script(pass), Calls(pass), Origins(pass)
		vals := &assignedValues{pass: pass}
		for _, rc := range calls.List {
			for _, k := range KeyArgsOf(rc) {
				keys++
				o := origins.Of(k)
				if keyMayBeBuilt(o) {
					continue
				}
				skipped++
				prefix := keyPrefix(info, calls, origins, vals, k)
				for _, allowKeys := range []bool{false, true} {
					for _, allowArgv := range []bool{false, true} {
						gotP, gotA := classifyKey(o, prefix, allowKeys, allowArgv)
						wantP, wantA := classifyKey(o, Origin{}, allowKeys, allowArgv)
						if gotP != wantP || gotA != wantA {
							t.Errorf("%s: key at %d: classifyKey with its prefix %s gives %v, %v; without %v, %v",
								name, k.Pos(), prefix, gotP, gotA, wantP, wantA)
						}
					}
				}
			}
		}
	}
	if keys < 500 || skipped < keys/2 {
		t.Fatalf("%d keys, %d skipped", keys, skipped)
	}
}

// TestKeysElementIsFine checks dynamic-key's shortcut for KEYS[i]: with
// any options, classifyKey finds nothing to report in it, in scripts and
// libraries alike.
func TestKeysElementIsFine(t *testing.T) {
	seen := 0
	for name, src := range oracleInputs(t) {
		for _, lib := range []bool{false, true} {
			if lib && !strings.HasPrefix(string(src), "#!") {
				src = append([]byte("#!lua name=x\n"), src...)
			}
			f, _ := luaast.Parse(name, src)
			if f == nil || f.Main == nil {
				continue
			}
			origins := Origins(NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, discard))
			luaast.Inspect(f.Block, func(n luaast.Node) bool {
				e, ok := n.(luaast.Expr)
				if !ok || !isKeysElement(e) {
					return n != nil
				}
				seen++
				o := origins.Of(e)
				for _, allowKeys := range []bool{false, true} {
					for _, allowArgv := range []bool{false, true} {
						if p, _ := classifyKey(o, Origin{}, allowKeys, allowArgv); p != keyFine {
							t.Errorf("%s: %s at %d is %s: classifyKey gives %v", name, f.Src[e.Pos():e.End()], e.Pos(), o, p)
						}
					}
				}
				return true
			})
		}
	}
	if seen < 1000 {
		t.Fatalf("only %d KEYS elements seen", seen)
	}
}
