package lint

import (
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// commands reads `commands:`, a list of command declarations:
//
//   - name: JSON.SET
//     arity: -4
//     flags: [write, denyoom]
//     keys: {first: 1, last: 1, step: 1}   # or [1, 3], or 1
//
// Every problem is a ConfigError at the line of the offending value.
func (p *configParser) commands(n *yaml.Node) ([]*redisfacts.Command, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "", "commands must be a list of {name, arity, flags, keys}, got %s", yamlKindName(n))
	}
	var out []*redisfacts.Command
	seen := map[string]int{}
	for _, it := range n.Content {
		if it.Kind != yaml.MappingNode {
			return nil, p.errorf(it, "", "each command must be a mapping with name, arity, flags and keys, got %s", yamlKindName(it))
		}
		var d redisfacts.CommandDecl
		hasName := false
		err := p.mapping(it, []string{"name", "arity", "flags", "keys"}, func(key string, k, v *yaml.Node) error {
			switch key {
			case "name":
				s, err := p.scalar(v, "the command name")
				if err != nil {
					return err
				}
				if s = strings.TrimSpace(s); s == "" || strings.ContainsAny(s, " \t\r\n") {
					return p.errorf(v, "declare a subcommand's container instead", "command name %q must be one word", s)
				}
				d.Name, hasName = s, true
			case "arity":
				i, err := p.intValue(v, "arity")
				if err != nil {
					return err
				}
				d.Arity = i
			case "flags":
				if v.Kind != yaml.SequenceNode {
					return p.errorf(v, "valid: "+strings.Join(redisfacts.DeclaredFlags, ", "), "flags must be a list, got %s", yamlKindName(v))
				}
				for _, f := range v.Content {
					s, err := p.scalar(f, "a flag")
					if err != nil {
						return err
					}
					norm := strings.ToLower(strings.ReplaceAll(s, "_", "-"))
					if !cfgContains(redisfacts.DeclaredFlags, norm) {
						return p.errorf(f, hintFor(norm, redisfacts.DeclaredFlags), "unknown command flag %q", s)
					}
					d.Flags = append(d.Flags, norm)
				}
			case "keys":
				return p.keyPositions(v, &d)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if !hasName {
			return nil, p.errorf(it, "", "command without a name: add name: NAME")
		}
		c, err := redisfacts.NewCommand(d)
		if err != nil {
			return nil, p.errorf(it, "", "%v", err)
		}
		if line, dup := seen[c.Name]; dup {
			return nil, p.errorf(it, "", "command %s declared twice (first at line %d)", c.Name, line)
		}
		seen[c.Name] = it.Line
		out = append(out, c)
	}
	return out, nil
}

// keyPositions reads a command's `keys:`: a position, a list of positions
// or a {first, last, step} range.
func (p *configParser) keyPositions(n *yaml.Node, d *redisfacts.CommandDecl) error {
	switch n.Kind {
	case yaml.ScalarNode:
		i, err := p.intValue(n, "keys")
		if err != nil {
			return err
		}
		if i < 1 {
			return p.errorf(n, "", "key position %d must be 1 or more (the command name is 0)", i)
		}
		d.KeyList = []int{i}
	case yaml.SequenceNode:
		for _, it := range n.Content {
			i, err := p.intValue(it, "a key position")
			if err != nil {
				return err
			}
			if i < 1 {
				return p.errorf(it, "", "key position %d must be 1 or more (the command name is 0)", i)
			}
			d.KeyList = append(d.KeyList, i)
		}
	case yaml.MappingNode:
		hasFirst := false
		err := p.mapping(n, []string{"first", "last", "step"}, func(key string, k, v *yaml.Node) error {
			i, err := p.intValue(v, key)
			if err != nil {
				return err
			}
			switch key {
			case "first":
				if i < 1 {
					return p.errorf(v, "", "first key %d must be 1 or more (the command name is 0)", i)
				}
				d.FirstKey, hasFirst = i, true
			case "last":
				d.LastKey = i
			case "step":
				if i < 1 {
					return p.errorf(v, "", "key step %d must be 1 or more", i)
				}
				d.Step = i
			}
			return nil
		})
		if err != nil {
			return err
		}
		if !hasFirst {
			return p.errorf(n, "", "keys range without first: add first: N")
		}
	default:
		return p.errorf(n, "", "keys must be a position, a list of positions or {first, last, step}, got %s", yamlKindName(n))
	}
	return nil
}

// intValue reads an integer scalar.
func (p *configParser) intValue(n *yaml.Node, what string) (int, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, p.errorf(n, "", "%s must be an integer, got %s", what, yamlKindName(n))
	}
	var i int
	if err := n.Decode(&i); err != nil {
		return 0, p.errorf(n, "", "%s must be an integer, got %s", what, yamlKindName(n))
	}
	return i, nil
}

// includes reads `includes:`, a list of regular expressions with exactly
// one capturing group (the included name).
func (p *configParser) includes(n *yaml.Node) ([]*regexp.Regexp, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "", "includes must be a list of regular expressions, got %s", yamlKindName(n))
	}
	var out []*regexp.Regexp
	for _, it := range n.Content {
		s, err := p.scalar(it, "an includes entry")
		if err != nil {
			return nil, err
		}
		re, err := regexp.Compile(s)
		if err != nil {
			return nil, p.errorf(it, "", "invalid regular expression %q in includes: %v", s, trimRegexpError(err))
		}
		if re.NumSubexp() != 1 {
			return nil, p.errorf(it, "write (?:...) for the other groups", "the includes expression %q must have exactly one group (the included name), it has %d", s, re.NumSubexp())
		}
		out = append(out, re)
	}
	return out, nil
}

// trimRegexpError drops the "error parsing regexp: " prefix.
func trimRegexpError(err error) string {
	return strings.TrimPrefix(err.Error(), "error parsing regexp: ")
}

// commandSet returns the configured commands (nil for a nil Config).
func (c *Config) commandSet() *redisfacts.CommandSet {
	if c == nil {
		return nil
	}
	return c.Commands
}

// includeDirectivesOf returns the configured include directives (nil for a
// nil Config).
func (c *Config) includeDirectivesOf() []*regexp.Regexp {
	if c == nil {
		return nil
	}
	return c.Includes
}
