// Package rules holds every redis-lua-lint rule, one file per rule. Each
// file registers its *analyzer.Rule from init; All returns them sorted by
// ID.
package rules

import (
	"sort"
	"sync"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// registry is written only by init functions (registration) and read after
// program start, so it needs no lock; sorted is computed once.
var (
	registry   []*analyzer.Rule
	sortOnce   sync.Once
	sortedRule []*analyzer.Rule
)

// register adds a rule; called from each rule file's init.
func register(r *analyzer.Rule) { registry = append(registry, r) }

// All returns every registered rule, sorted by ID. The slice is shared: do
// not modify it.
func All() []*analyzer.Rule {
	sortOnce.Do(func() {
		sortedRule = append([]*analyzer.Rule(nil), registry...)
		sort.Slice(sortedRule, func(i, j int) bool { return sortedRule[i].ID < sortedRule[j].ID })
	})
	return sortedRule
}

// ByID returns the rule with the given ID, or nil.
func ByID(id string) *analyzer.Rule {
	all := All()
	i := sort.Search(len(all), func(i int) bool { return all[i].ID >= id })
	if i < len(all) && all[i].ID == id {
		return all[i]
	}
	return nil
}
