package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestResultListMatchesMap checks that a Pass keeping results in a
// resultList (the engine's) behaves as one keeping them in NewPass's map:
// every analysis runs once per file, dependencies included, and every
// request gets the result of that one run.
func TestResultListMatchesMap(t *testing.T) {
	// A chain and a diamond of analyses that count their runs and return
	// a fresh pointer per run, so that a second run would show.
	runs := map[string]int{}
	mk := func(name string, deps ...*Analysis) *Analysis {
		a := &Analysis{Name: name, Requires: deps}
		a.Run = func(p *Pass) any {
			runs[name]++
			for _, d := range deps {
				p.ResultOf(d)
			}
			return &struct{ name string }{name}
		}
		return a
	}
	base := mk("base")
	left, right := mk("left", base), mk("right", base)
	top := mk("top", left, right)
	many := []*Analysis{base}
	for i := range 20 { // more analyses than a file has, past any fixed size
		many = append(many, mk(string(rune('a'+i)), many[len(many)-1]))
	}
	requests := [][]*Analysis{
		{base},
		{top, base, left, right, top},
		{right, right, left},
		{many[len(many)-1], many[3], many[10], top},
	}
	var list resultList
	for _, req := range requests {
		got := map[string]any{}
		clear(runs)
		listPass := &Pass{Version: redisfacts.DefaultVersion, list: &list, report: discard}
		for _, a := range req {
			r := listPass.ResultOf(a)
			if prev, ok := got[a.Name]; ok && prev != r {
				t.Errorf("list: %s gave two different results", a.Name)
			}
			got[a.Name] = r
		}
		listRuns := map[string]int{}
		for k, v := range runs {
			listRuns[k] = v
		}
		clear(runs)
		mapPass := NewPass(nil, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, discard)
		for _, a := range req {
			mapPass.ResultOf(a)
		}
		if len(runs) != len(listRuns) {
			t.Errorf("request %v: list ran %v, map ran %v", names(req), listRuns, runs)
		}
		for k, v := range runs {
			if v != 1 || listRuns[k] != 1 {
				t.Errorf("request %v: %s ran %d times with the list, %d with the map; want once", names(req), k, listRuns[k], v)
			}
		}
		// The engine resets the list between files: nothing is kept.
		list.reset()
		if _, ok := list.get(base); ok || len(list.analyses) != 0 {
			t.Errorf("after reset the list still has %d results", len(list.analyses))
		}
		for _, v := range list.values[:cap(list.values)] {
			if v != nil {
				t.Errorf("after reset the list's memory still holds a result")
			}
		}
	}
}

func names(as []*Analysis) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}
