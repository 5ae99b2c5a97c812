package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"
	"go.yaml.in/yaml/v3"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// The configuration file, .redis-lua-lint.yaml (or .yml), found in the
// working directory or its nearest parent:
//
//	redis-version: "7.2"            # 6.2 ... 8.4, valkey-7.2 ... (default: newest Redis)
//	rules:
//	  hardcoded-key: off            # error, warning, info or off
//	  dynamic-key:
//	    severity: warning
//	    options:
//	      allow-prefix-from-keys: true
//	exclude:                        # doublestar globs, relative to this file's directory
//	  - "vendor/**"
//	max-file-size: 4MB              # larger files are reported, not read (bytes, KB, MB, GB)
//	overrides:                      # applied in order to matching files; later ones win
//	  - files: ["tests/**", "**/*_test.lua"]
//	    rules:
//	      hardcoded-key: info
//	commands:                       # commands the table does not know (modules, newer servers)
//	  - name: JSON.SET
//	    arity: -4                   # Redis's convention: the name counts, negative = at least
//	    flags: [write, denyoom]     # write, readonly, denyoom, noscript, blocking, fast, ...
//	    keys: {first: 1, last: 1, step: 1}   # or a list of positions: [1, 3]
//	includes:                       # extra include directives: a regexp with one group (the name)
//	  - '^-*\s*require_script\("([^"]+)"\)'
//	languages: [lua, python]        # what a directory walk reads (default: every language)
//
// Everything is checked when the file is loaded: unknown keys, rule IDs
// and option names, severities and option types are errors naming the
// file and line, with a "did you mean" or the valid choices. Severities
// set here replace the severity of every finding of the rule. exclude
// applies to directory walks only: a file named on the command line is
// always linted.

// ConfigFileNames are the names FindConfig looks for, in order of
// preference, in the working directory and each of its parents.
var ConfigFileNames = []string{".redis-lua-lint.yaml", ".redis-lua-lint.yml"}

// Config is a loaded .redis-lua-lint.yaml: the target version, per-rule
// settings, excluded paths and per-glob overrides. The zero value is not
// useful; use DefaultConfig or LoadConfig.
type Config struct {
	// Path is the file the configuration was read from ("" for defaults).
	Path string
	// Dir is the absolute directory that exclude and overrides globs are
	// relative to: the configuration file's directory, or the working
	// directory for defaults.
	Dir string
	// RedisVersion is the target server.
	RedisVersion redisfacts.Version
	// Rules holds the top-level `rules:` settings by rule ID.
	Rules map[string]RuleConfig
	// Exclude holds slash-separated doublestar globs relative to Dir.
	Exclude []string
	// Overrides apply, in order, to files matching their globs; later ones
	// win.
	Overrides []Override
	// Commands are the command table plus the commands declared under
	// `commands:` (nil: the table alone).
	Commands *redisfacts.CommandSet
	// Includes are the include directives of `includes:`, besides the
	// built-in ones: each matches a line comment's text after the "--"
	// (trimmed) and captures the included name in its one group.
	Includes []*regexp.Regexp
	// MaxFileSize is the size in bytes above which a file is not read or
	// linted but reported as too large (max-file-size; 0 means
	// DefaultMaxFileSize).
	MaxFileSize int64
	// Languages are the languages a directory walk reads (`languages:`:
	// lua and the host languages of the front ends; nil: every one). The
	// command line checks the names (LanguagesLine is the line of the
	// key, for its error).
	Languages     []string
	LanguagesLine int

	// forced holds --enable/--disable from the command line, which win over
	// every file setting.
	forced map[string]bool
	// getwd is os.Getwd asked once: RelPath runs for every file, and
	// filepath.Abs would ask again (two stat calls) each time. nil in a
	// Config built without DefaultConfig.
	getwd func() (string, error)
}

// RuleConfig is what the configuration says about one rule. Zero fields
// mean "not set here".
type RuleConfig struct {
	// Off is true for `severity: off`.
	Off bool
	// Severity replaces the severity of every finding of the rule (0 = the
	// rule's own).
	Severity analyzer.Severity
	// Options are the option values set here (type-checked against the
	// rule's OptionSpec defaults).
	Options analyzer.Options
}

// Override is one entry of `overrides:`.
type Override struct {
	// Files are slash-separated doublestar globs relative to Config.Dir.
	Files []string
	Rules map[string]RuleConfig
}

// RuleSetting is the effective configuration of one rule for one file.
type RuleSetting struct {
	Enabled bool
	// Severity replaces the severity of the rule's findings when non-zero.
	Severity analyzer.Severity
	// Options are the rule's options with defaults filled in.
	Options analyzer.Options
}

// ConfigError is a configuration problem at a line of the configuration
// file.
type ConfigError struct {
	File string
	Line int
	Msg  string
	// Hint is a "did you mean" or the list of valid choices; may be empty.
	Hint string
}

// Error returns `msg at file:line (hint)`.
func (e *ConfigError) Error() string {
	s := e.Msg
	if e.File != "" {
		if e.Line > 0 {
			s += fmt.Sprintf(" at %s:%d", e.File, e.Line)
		} else {
			s += " in " + e.File
		}
	}
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	return s
}

// DefaultConfig returns the configuration used when there is no file:
// every rule at its default severity, the default Redis version, globs
// relative to dir.
func DefaultConfig(dir string) *Config {
	return &Config{Dir: dir, RedisVersion: redisfacts.DefaultVersion, Rules: map[string]RuleConfig{}, getwd: sync.OnceValues(os.Getwd)}
}

// FindConfig returns the path of the configuration file in dir or its
// nearest parent, or "" when there is none.
func FindConfig(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("find configuration: %w", err)
	}
	for {
		for _, name := range ConfigFileNames {
			p := filepath.Join(abs, name)
			st, err := os.Stat(p)
			if err == nil && !st.IsDir() {
				return p, nil
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return "", fmt.Errorf("find configuration: %w", err)
			}
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return "", nil
		}
		abs = parent
	}
}

// LoadConfig reads and validates the configuration file at path against
// the known rules. Errors name the file and line.
func LoadConfig(path string, rules []*analyzer.Rule) (*Config, error) {
	data, err := readSettingsFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read configuration %s: %w", path, unwrapPathError(err))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("read configuration: %w", err)
	}
	return ParseConfig(path, filepath.Dir(abs), data, rules)
}

// ParseConfig parses configuration data; name is the file name used in
// errors and dir the directory globs are relative to.
func ParseConfig(name, dir string, data []byte, rules []*analyzer.Rule) (*Config, error) {
	c := DefaultConfig(dir)
	c.Path = name
	p := &configParser{file: name, rules: map[string]*analyzer.Rule{}}
	for _, r := range rules {
		p.rules[r.ID] = r
		p.ruleIDs = append(p.ruleIDs, r.ID)
	}
	sort.Strings(p.ruleIDs)

	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, p.yamlError(err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return c, nil // empty file: defaults
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, p.errorf(root, "", "the configuration must be a mapping of keys (redis-version, rules, exclude, overrides, commands, includes, max-file-size, languages)")
	}
	err := p.mapping(root, []string{"redis-version", "rules", "exclude", "overrides", "commands", "includes", "max-file-size", "languages"}, func(key string, k, v *yaml.Node) error {
		switch key {
		case "languages":
			if v.Tag == "!!null" {
				return nil
			}
			if v.Kind != yaml.SequenceNode {
				return p.errorf(v, "e.g. [lua, python]", "languages must be a list of language names, got %s", yamlKindName(v))
			}
			var names []string
			for _, n := range v.Content {
				name, err := p.scalar(n, "a language")
				if err != nil {
					return err
				}
				names = append(names, name)
			}
			if len(names) == 0 {
				return p.errorf(v, "e.g. [lua, python]; leave the key out to read every language", "languages names no language: a walk would read nothing")
			}
			c.Languages, c.LanguagesLine = names, v.Line
		case "max-file-size":
			s, err := p.scalar(v, "max-file-size")
			if err != nil {
				return err
			}
			n, err := ParseSize(s)
			if err != nil {
				return p.errorf(v, "e.g. 4MB, 512KB or 1048576", "%v for max-file-size", err)
			}
			c.MaxFileSize = n
		case "redis-version":
			s, err := p.scalar(v, "redis-version")
			if err != nil {
				return err
			}
			ver, err := redisfacts.ParseVersion(s)
			if err != nil {
				return p.errorf(v, "known: "+strings.Join(redisfacts.KnownVersions, ", "), "unknown redis-version %q", s)
			}
			c.RedisVersion = ver
		case "rules":
			m, err := p.ruleMap(v)
			if err != nil {
				return err
			}
			c.Rules = m
		case "exclude":
			if v.Tag == "!!null" {
				return nil
			}
			globs, err := p.globs(v, "exclude")
			if err != nil {
				return err
			}
			c.Exclude = globs
		case "overrides":
			if v.Tag == "!!null" {
				return nil
			}
			ovs, err := p.overrides(v)
			if err != nil {
				return err
			}
			c.Overrides = ovs
		case "commands":
			if v.Tag == "!!null" {
				return nil
			}
			cmds, err := p.commands(v)
			if err != nil {
				return err
			}
			c.Commands = redisfacts.NewCommandSet(cmds)
		case "includes":
			if v.Tag == "!!null" {
				return nil
			}
			res, err := p.includes(v)
			if err != nil {
				return err
			}
			c.Includes = res
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

type configParser struct {
	file    string
	rules   map[string]*analyzer.Rule
	ruleIDs []string
}

func (p *configParser) errorf(n *yaml.Node, hint, format string, args ...any) error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &ConfigError{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// yamlLineRE is compiled on first use: only a broken configuration needs
// it, and every run would pay the compilation at start-up.
var yamlLineRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
})

// yamlError turns "yaml: line 3: did not find expected key" into a
// ConfigError at line 3.
func (p *configParser) yamlError(err error) error {
	msg := err.Error()
	if m := yamlLineRE().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &ConfigError{File: p.file, Line: line, Msg: "invalid YAML: " + m[2]}
	}
	// yaml.v3 leaves out the line when the problem is on the first one.
	return &ConfigError{File: p.file, Line: 1, Msg: "invalid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

func yamlKindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "null"
	}
	return fmt.Sprintf("%q", n.Value)
}

// mapping calls fn for each key of n in order, rejecting keys outside
// valid (when valid is non-nil) and duplicate keys.
func (p *configParser) mapping(n *yaml.Node, valid []string, fn func(key string, k, v *yaml.Node) error) error {
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return p.errorf(k, "", "keys must be plain strings")
		}
		key := k.Value
		if seen[key] {
			return p.errorf(k, "", "duplicate key %q", key)
		}
		seen[key] = true
		if valid != nil && !cfgContains(valid, key) {
			return p.errorf(k, hintFor(key, valid), "unknown key %q", key)
		}
		if err := fn(key, k, v); err != nil {
			return err
		}
	}
	return nil
}

func (p *configParser) scalar(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.errorf(n, "", "%s must be a single value, got %s", what, yamlKindName(n))
	}
	return n.Value, nil
}

func (p *configParser) globs(n *yaml.Node, what string) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "", "%s must be a list of glob patterns, got %s", what, yamlKindName(n))
	}
	var out []string
	for _, it := range n.Content {
		s, err := p.scalar(it, what+" entry")
		if err != nil {
			return nil, err
		}
		g := strings.TrimPrefix(filepathToSlash(s), "./")
		if g == "" || !doublestar.ValidatePattern(g) {
			return nil, p.errorf(it, "", "invalid glob pattern %q in %s", s, what)
		}
		out = append(out, g)
	}
	return out, nil
}

func filepathToSlash(s string) string { return strings.ReplaceAll(s, `\`, "/") }

func (p *configParser) overrides(n *yaml.Node) ([]Override, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "", "overrides must be a list of {files: [...], rules: {...}}, got %s", yamlKindName(n))
	}
	var out []Override
	for _, it := range n.Content {
		if it.Kind != yaml.MappingNode {
			return nil, p.errorf(it, "", "each override must be a mapping with files and rules, got %s", yamlKindName(it))
		}
		var ov Override
		hasFiles := false
		err := p.mapping(it, []string{"files", "rules"}, func(key string, k, v *yaml.Node) error {
			var err error
			switch key {
			case "files":
				hasFiles = true
				ov.Files, err = p.globs(v, "files")
				if err == nil && len(ov.Files) == 0 {
					err = p.errorf(v, "", "files of an override must list at least one glob")
				}
			case "rules":
				ov.Rules, err = p.ruleMap(v)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		if !hasFiles {
			return nil, p.errorf(it, "", "override without files: add files: [\"glob\", ...]")
		}
		out = append(out, ov)
	}
	return out, nil
}

var severityChoices = []string{"error", "warning", "info", "off"}

func (p *configParser) ruleMap(n *yaml.Node) (map[string]RuleConfig, error) {
	if n.Tag == "!!null" {
		return map[string]RuleConfig{}, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, p.errorf(n, "", "rules must be a mapping of rule ID to severity, got %s", yamlKindName(n))
	}
	out := map[string]RuleConfig{}
	err := p.mapping(n, nil, func(id string, k, v *yaml.Node) error {
		rule := p.rules[id]
		if rule == nil {
			hint := hintFor(id, p.ruleIDs)
			if id == "all" || strings.ContainsAny(id, "*?") {
				hint = "name each rule: wildcards are not supported"
			}
			return p.errorf(k, hint, "unknown rule %q", id)
		}
		rc, err := p.ruleConfig(rule, v)
		if err != nil {
			return err
		}
		out[id] = rc
		return nil
	})
	return out, err
}

func (p *configParser) severity(rule *analyzer.Rule, n *yaml.Node) (RuleConfig, error) {
	// YAML 1.1 parsers read a bare off as false; accept that spelling too.
	s := n.Value
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" && strings.EqualFold(s, "false") {
		s = "off"
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return RuleConfig{}, p.errorf(n, "valid: error, warning, info, off", "invalid severity %s for rule %q", yamlKindName(n), rule.ID)
	}
	if strings.EqualFold(s, "off") {
		return RuleConfig{Off: true}, nil
	}
	switch strings.ToLower(s) {
	case "error", "warning", "info":
		sev, _ := analyzer.ParseSeverity(s)
		return RuleConfig{Severity: sev}, nil
	}
	return RuleConfig{}, p.errorf(n, hintFor(s, severityChoices), "invalid severity %q for rule %q", s, rule.ID)
}

func (p *configParser) ruleConfig(rule *analyzer.Rule, n *yaml.Node) (RuleConfig, error) {
	if n.Kind != yaml.MappingNode {
		return p.severity(rule, n)
	}
	var rc RuleConfig
	err := p.mapping(n, []string{"severity", "options"}, func(key string, k, v *yaml.Node) error {
		switch key {
		case "severity":
			sev, err := p.severity(rule, v)
			if err != nil {
				return err
			}
			rc.Off, rc.Severity = sev.Off, sev.Severity
		case "options":
			opts, err := p.options(rule, v)
			if err != nil {
				return err
			}
			rc.Options = opts
		}
		return nil
	})
	return rc, err
}

func (p *configParser) options(rule *analyzer.Rule, n *yaml.Node) (analyzer.Options, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.errorf(n, "", "options of rule %q must be a mapping, got %s", rule.ID, yamlKindName(n))
	}
	var names []string
	for _, o := range rule.Options {
		names = append(names, o.Name)
	}
	opts := analyzer.Options{}
	err := p.mapping(n, nil, func(name string, k, v *yaml.Node) error {
		var spec *analyzer.OptionSpec
		for i := range rule.Options {
			if rule.Options[i].Name == name {
				spec = &rule.Options[i]
			}
		}
		if spec == nil {
			if len(names) == 0 {
				return p.errorf(k, "", "unknown option %q: rule %q has no options", name, rule.ID)
			}
			return p.errorf(k, hintFor(name, names), "unknown option %q for rule %q", name, rule.ID)
		}
		val, err := p.optionValue(rule, spec, v)
		if err != nil {
			return err
		}
		opts[name] = val
		return nil
	})
	return opts, err
}

func (p *configParser) optionValue(rule *analyzer.Rule, spec *analyzer.OptionSpec, n *yaml.Node) (any, error) {
	bad := func(want string) error {
		return p.errorf(n, "", "option %q of rule %q must be %s, got %s", spec.Name, rule.ID, want, yamlKindName(n))
	}
	switch spec.Default.(type) {
	case bool:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
			return nil, bad("true or false")
		}
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, bad("true or false")
		}
		return b, nil
	case int:
		if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
			return nil, bad("an integer")
		}
		var i int
		if err := n.Decode(&i); err != nil {
			return nil, bad("an integer")
		}
		return i, nil
	case string:
		if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
			return nil, bad("a string")
		}
		return n.Value, nil
	case []string:
		if n.Kind != yaml.SequenceNode {
			return nil, bad("a list of strings")
		}
		out := []string{}
		for _, it := range n.Content {
			if it.Kind != yaml.ScalarNode || it.Tag == "!!null" {
				return nil, p.errorf(it, "", "option %q of rule %q must be a list of strings, got %s in the list", spec.Name, rule.ID, yamlKindName(it))
			}
			out = append(out, it.Value)
		}
		return out, nil
	}
	return nil, p.errorf(n, "", "option %q of rule %q has an unsupported type %T (a bug in the rule)", spec.Name, rule.ID, spec.Default)
}

// SetRuleEnabled forces a rule on or off for every file, above anything
// the configuration file says (the --enable and --disable flags).
func (c *Config) SetRuleEnabled(id string, on bool) {
	if c.forced == nil {
		c.forced = map[string]bool{}
	}
	c.forced[id] = on
}

// RelPath returns path (absolute or relative to the working directory)
// relative to c.Dir, slash-separated, and whether it lies inside c.Dir.
func (c *Config) RelPath(path string) (string, bool) {
	abs, err := absPath(c.getwd, path)
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(c.Dir, abs)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return rel, false
	}
	return rel, true
}

// maxFileSize returns the size limit in force: MaxFileSize, else
// DefaultMaxFileSize (also for a nil Config).
func (c *Config) maxFileSize() int64 {
	if c == nil || c.MaxFileSize <= 0 {
		return DefaultMaxFileSize
	}
	return c.MaxFileSize
}

// Excluded reports whether path (absolute or relative to the working
// directory) matches an exclude glob.
func (c *Config) Excluded(path string) bool {
	if len(c.Exclude) == 0 {
		return false
	}
	rel, ok := c.RelPath(path)
	if !ok || rel == "." {
		return false
	}
	return globMatchAny(c.Exclude, rel)
}

func globMatchAny(globs []string, rel string) bool {
	for _, g := range globs {
		if doublestar.MatchUnvalidated(g, rel) {
			return true
		}
	}
	return false
}

// Setting returns the effective configuration of rule for the file at
// path (absolute or relative to the working directory): the rule's
// defaults, then `rules:`, then each matching override in order, then
// SetRuleEnabled.
func (c *Config) Setting(rule *analyzer.Rule, path string) RuleSetting {
	return c.setting(rule, c.matchingOverrides(path))
}

// matchingOverrides returns the indexes in c.Overrides of the overrides
// whose globs match path, in order (nil for none). The engine asks once
// per file, not once per rule and file.
func (c *Config) matchingOverrides(path string) []int {
	if c == nil || len(c.Overrides) == 0 {
		return nil
	}
	rel, inside := c.RelPath(path)
	if !inside {
		return nil
	}
	var out []int
	for i, ov := range c.Overrides {
		if globMatchAny(ov.Files, rel) {
			out = append(out, i)
		}
	}
	return out
}

// setting is Setting for a file matched by the overrides at the indexes
// overrides.
func (c *Config) setting(rule *analyzer.Rule, overrides []int) RuleSetting {
	s := RuleSetting{Enabled: !rule.DefaultOff, Options: analyzer.Options{}}
	for _, o := range rule.Options {
		s.Options[o.Name] = o.Default
	}
	apply := func(rc RuleConfig, ok bool) {
		if !ok {
			return
		}
		if rc.Off {
			s.Enabled = false
		} else if rc.Severity != 0 {
			s.Enabled = true
			s.Severity = rc.Severity
		}
		for k, v := range rc.Options {
			s.Options[k] = v
		}
	}
	// Options shared with another rule take that rule's value first, at
	// each level, and this rule's own setting over it.
	shared := func(rules map[string]RuleConfig) {
		for _, o := range rule.Options {
			if o.SharedWith == "" {
				continue
			}
			if v, ok := rules[o.SharedWith].Options[o.Name]; ok {
				s.Options[o.Name] = v
			}
		}
	}
	// A rule the findings moved from (Rule.MovedFrom) turned off or on at
	// a level turns this one off or on there, before this rule's own
	// setting at that level (its severity is not inherited: the findings
	// moved for a severity of their own).
	moved := func(rules map[string]RuleConfig) {
		for _, id := range rule.MovedFrom {
			if rc, ok := rules[id]; ok {
				if rc.Off {
					s.Enabled = false
				} else if rc.Severity != 0 {
					s.Enabled = true
				}
			}
		}
	}
	if c != nil {
		shared(c.Rules)
		moved(c.Rules)
		rc, ok := c.Rules[rule.ID]
		apply(rc, ok)
		for _, i := range overrides {
			shared(c.Overrides[i].Rules)
			moved(c.Overrides[i].Rules)
			rc, ok := c.Overrides[i].Rules[rule.ID]
			apply(rc, ok)
		}
		for _, id := range rule.MovedFrom {
			if on, ok := c.forced[id]; ok {
				s.Enabled = on
			}
		}
		if on, ok := c.forced[rule.ID]; ok {
			s.Enabled = on
		}
	}
	return s
}

// Version returns the target version (the default when c is nil).
func (c *Config) Version() redisfacts.Version {
	if c == nil {
		return redisfacts.DefaultVersion
	}
	return c.RedisVersion
}

// absPath is filepath.Abs(path) with the working directory from getwd
// (nil: os.Getwd).
func absPath(getwd func() (string, error), path string) (string, error) {
	if getwd == nil || runtime.GOOS == "windows" {
		return filepath.Abs(path)
	}
	if filepath.IsAbs(path) {
		return filepath.Clean(path), nil
	}
	wd, err := getwd()
	if err != nil {
		return "", err
	}
	return filepath.Join(wd, path), nil
}

func cfgContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hintFor returns `did you mean "x"?` when name is close to a choice, else
// "valid: a, b, c" (or "" for an empty list).
func hintFor(name string, choices []string) string {
	if s := analyzer.SuggestName(name, choices); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	if len(choices) == 0 {
		return ""
	}
	if len(choices) > 12 {
		return "run `redis-lua-lint rules` for the list"
	}
	return "valid: " + strings.Join(choices, ", ")
}
