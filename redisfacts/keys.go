package redisfacts

import (
	"sort"
	"strconv"
	"strings"
)

// Arg is one word of a command call as a static analyzer sees it: Text is
// its value when Known (a literal), and meaningless otherwise.
type Arg struct {
	Text  string
	Known bool
}

// KeyPositions returns the indexes into argv that hold keys, following the
// command's key specs the way the server does (getKeysUsingKeySpecs in
// src/db.c). argv[0] is the command name; for a subcommand argv[0] is the
// container and argv[1] the subcommand. complete is false when some keys
// cannot be located from what is known: an unknown key spec, a keyword
// search across unknown arguments, an unknown numkeys, or a spec the server
// marks incomplete. positions is sorted and holds every key that could be
// located.
func (c *Command) KeyPositions(argv []Arg) (positions []int, complete bool) {
	return c.AppendKeyPositions(nil, argv)
}

// AppendKeyPositions is KeyPositions appending the positions to dst (and
// returning the extended slice), so that a caller with a buffer does not
// allocate a list per call.
func (c *Command) AppendKeyPositions(dst []int, argv []Arg) (positions []int, complete bool) {
	start := len(dst)
	switch c.Name {
	case "SORT", "SORT_RO":
		positions, complete = sortKeys(dst, argv)
	case "MIGRATE":
		positions, complete = migrateKeys(dst, argv)
	default:
		positions, complete = c.specKeys(dst, argv)
	}
	return sortUniqueFrom(positions, start), complete
}

// specKeys appends the key positions the key specs give.
func (c *Command) specKeys(positions []int, argv []Arg) ([]int, bool) {
	complete := true
	argc := len(argv)
	for i := range c.KeySpecs {
		ks := &c.KeySpecs[i]
		first, ok, found := ks.firstKey(argv)
		if !ok {
			complete = false
			continue
		}
		if !found {
			continue
		}
		var last, step int
		switch ks.Find.Kind {
		case FindRange:
			step = ks.Find.Step
			switch {
			case ks.Find.LastKey >= 0:
				last = first + ks.Find.LastKey
			case ks.Find.Limit <= 1:
				last = argc + ks.Find.LastKey
			default:
				// Only lastkey -1 is used with a limit: the keys are the
				// first 1/limit of the remaining arguments.
				last = first + (argc-first)/ks.Find.Limit + ks.Find.LastKey
			}
		case FindKeynum:
			step = ks.Find.Step
			idx := first + ks.Find.KeynumIdx
			if idx >= argc || !argv[idx].Known {
				complete = false
				continue
			}
			n, err := strconv.Atoi(argv[idx].Text)
			if err != nil || n < 0 {
				complete = false
				continue
			}
			first += ks.Find.FirstKey
			last = first + (n-1)*max(step, 1)
			if n == 0 {
				continue
			}
		default:
			complete = false
			continue
		}
		if step <= 0 {
			step = 1
		}
		if last >= argc || last < first || first >= argc {
			// The server rejects such a call (wrong arity or syntax);
			// whatever the keys are, they cannot be located here.
			complete = false
			continue
		}
		for j := first; j <= last; j += step {
			positions = append(positions, j)
		}
		if ks.Flags.Has(KeyIncomplete) {
			complete = false
		}
	}
	return positions, complete
}

// firstKey finds where a key spec's keys start. ok is false when that
// cannot be known; found is false when the keyword is not there (the spec
// then has no keys, as on the server).
func (ks *KeySpec) firstKey(argv []Arg) (first int, ok, found bool) {
	argc := len(argv)
	switch ks.Begin.Kind {
	case BeginIndex:
		return ks.Begin.Pos, true, true
	case BeginKeyword:
		kw := ks.Begin.Keyword
		if ks.Begin.StartFrom > 0 {
			// Forwards; the last argument is never a keyword (no key would follow).
			for i := ks.Begin.StartFrom; i < argc-1; i++ {
				if !argv[i].Known {
					return 0, false, false
				}
				if strings.EqualFold(argv[i].Text, kw) {
					return i + 1, true, true
				}
			}
			return 0, true, false
		}
		for i := argc + ks.Begin.StartFrom; i >= 1; i-- {
			if i >= argc {
				continue
			}
			if !argv[i].Known {
				return 0, false, false
			}
			if strings.EqualFold(argv[i].Text, kw) {
				return i + 1, true, true
			}
		}
		return 0, true, false
	}
	return 0, false, false
}

// migrateKeys scans MIGRATE's options like the server's migrateGetKeys:
// the key is argument 3, unless a KEYS option lists the keys (argument 3
// must then be empty). Its key specs cannot say this exactly: the KEYS spec
// is marked incomplete, as a key may itself be called "KEYS".
func migrateKeys(positions []int, argv []Arg) ([]int, bool) {
	if len(argv) < 6 {
		return positions, false
	}
	for i := 6; i < len(argv); i++ {
		if !argv[i].Known {
			return positions, false
		}
		switch strings.ToUpper(argv[i].Text) {
		case "AUTH":
			i++
		case "AUTH2":
			i += 2
		case "KEYS":
			for j := i + 1; j < len(argv); j++ {
				positions = append(positions, j)
			}
			return positions, true
		}
	}
	return append(positions, 3), true
}

// sortKeys handles SORT and SORT_RO, whose key specs for BY/GET patterns and
// STORE are "unknown": it scans the options like the server's sortGetKeys.
// Keys derived from BY/GET patterns are never in argv, so such a call is
// incomplete; without BY/GET the key list is exact.
func sortKeys(positions []int, argv []Arg) ([]int, bool) {
	if len(argv) < 2 {
		return positions, false
	}
	positions = append(positions, 1)
	complete := true
	for i := 2; i < len(argv); i++ {
		if !argv[i].Known {
			return positions, false
		}
		switch strings.ToUpper(argv[i].Text) {
		case "LIMIT":
			i += 2
		case "BY", "GET":
			// A pattern of "#" (GET #) or a BY pattern without '*' (no sort)
			// reads no other keys; anything else does.
			if i+1 < len(argv) && argv[i+1].Known && (argv[i+1].Text == "#" || !strings.Contains(argv[i+1].Text, "*")) {
				i++
				continue
			}
			complete = false
			i++
		case "STORE":
			if i+1 < len(argv) {
				positions = append(positions, i+1)
			}
			i++
		}
	}
	return positions, complete
}

// sortUniqueFrom sorts p[start:] and removes its duplicates.
func sortUniqueFrom(p []int, start int) []int {
	if len(p) == start {
		return p
	}
	return append(p[:start], sortUnique(p[start:])...)
}

func sortUnique(p []int) []int {
	if len(p) < 2 {
		return p
	}
	sort.Ints(p)
	out := p[:1]
	for _, x := range p[1:] {
		if x != out[len(out)-1] {
			out = append(out, x)
		}
	}
	return out
}
