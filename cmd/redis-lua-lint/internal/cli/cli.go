// Package cli is the redis-lua-lint command line: flag parsing, wiring of
// discovery, configuration, the engine and the printers, and exit codes.
// It takes its streams and environment as fields so tests run it in
// process.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// Exit codes of the redis-lua-lint command.
const (
	// ExitOK: no finding at or above --fail-on.
	ExitOK = 0
	// ExitFindings: at least one finding at or above --fail-on.
	ExitFindings = 1
	// ExitError: a usage, configuration, I/O or internal error.
	ExitError = 2
)

// Name is the program name used in messages.
const Name = "redis-lua-lint"

// InformationURI is the project's home page (SARIF tool.driver).
const InformationURI = "https://github.com/redis-lua-lint/redis-lua-lint"

// RulesDocURL is the rule reference, docs/rules.md, on GitHub: every
// built-in rule has a section there whose anchor is its ID (SARIF helpUri).
const RulesDocURL = InformationURI + "/blob/main/docs/rules.md"

// Command is one run of the command line.
type Command struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads the environment (NO_COLOR, TERM); nil means os.Getenv.
	Getenv func(string) string
	// Version is the release version, set at link time by main; empty
	// means the module version from the build information.
	Version string
	// Rules is the rule set; nil means rules.All().
	Rules []*analyzer.Rule
}

// exitError carries an exit code up to Main.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}
func (e *exitError) Unwrap() error { return e.err }

// usageErrorf is an ExitError-coded error for bad flags or arguments.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: ExitError, err: fmt.Errorf(format, args...)}
}

// Main runs the command with args (without the program name) and returns
// the exit code. Errors are printed as one line on Stderr.
func (c *Command) Main(args []string) int {
	if c.Getenv == nil {
		c.Getenv = os.Getenv
	}
	if c.Stdin == nil {
		c.Stdin = os.Stdin
	}
	if c.Rules == nil {
		c.Rules = rules.All()
	}
	root := c.newRoot(needsCompletionCmd(args))
	root.SetArgs(c.defaultToCheck(root, args))
	code := ExitOK
	err := root.Execute()
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		code = ee.code
		if ee.err != nil {
			fmt.Fprintf(c.Stderr, "%s: %s\n", Name, ee.err)
		}
	case err != nil:
		// Cobra's own errors: unknown flags, bad flag values, wrong
		// argument counts.
		code = ExitError
		fmt.Fprintf(c.Stderr, "%s: %s (run '%s --help' for usage)\n", Name, err, Name)
	}
	return code
}

// defaultToCheck inserts "check" when args do not start with a
// subcommand, so `redis-lua-lint file.lua` and a bare `redis-lua-lint`
// lint. Shell completion requests (__complete ARGS...) get the same
// treatment for ARGS, so `redis-lua-lint --enable <TAB>` completes the
// flags of the implicit check; a lone first word that is not a flag is
// left to the root, which completes subcommand names.
func (c *Command) defaultToCheck(root *cobra.Command, args []string) []string {
	if len(args) == 0 {
		return []string{"check"}
	}
	switch args[0] {
	case "-h", "--help", "-v", "--version":
		return args
	case cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
		rest := args[1:]
		if len(rest) == 0 || c.isSubcommand(root, rest[0]) ||
			(len(rest) == 1 && !strings.HasPrefix(rest[0], "-")) {
			return args
		}
		return append([]string{args[0], "check"}, rest...)
	}
	if c.isSubcommand(root, args[0]) {
		return args
	}
	return append([]string{"check"}, args...)
}

// isSubcommand reports whether name names a subcommand of root, including
// the help and completion commands cobra adds when it executes.
func (c *Command) isSubcommand(root *cobra.Command, name string) bool {
	switch name {
	case "help", "completion":
		return true
	}
	for _, sub := range root.Commands() {
		if sub.Name() == name || sub.HasAlias(name) {
			return true
		}
	}
	return false
}

// needsCompletionCmd reports whether args may show or run the completion
// command: it runs it, asks for shell completions (whose candidates include
// it) or asks for help (the root's lists it). Building it formats four
// long help texts, a measurable part of a short run's start-up, so other
// runs go without.
func needsCompletionCmd(args []string) bool {
	for _, a := range args {
		switch {
		case a == "completion", a == "help", a == "-h", a == "--help",
			strings.HasPrefix(a, cobra.ShellCompRequestCmd): // also ShellCompNoDescRequestCmd
			return true
		}
	}
	return false
}

// newRoot returns the command tree; withCompletion adds cobra's completion
// command.
func (c *Command) newRoot(withCompletion bool) *cobra.Command {
	root := &cobra.Command{
		Use:   Name + " [check] [flags] [paths...]",
		Short: "A static analyzer for Lua scripts that run inside Redis and Valkey",
		Long: Name + " finds bugs in Redis EVAL scripts and Redis Functions libraries: keys not passed in\n" +
			"KEYS, writes before validation, unbounded loops, sandbox violations, Lua 5.2+ syntax and more.\n\n" +
			"Without a subcommand it runs check: `" + Name + " scripts/` lints every *.lua file below scripts/.",
		SilenceErrors:     true,
		SilenceUsage:      true,
		Version:           c.version(),
		Example:           rootExamples,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
	}
	// The first word is a subcommand or, check being the default, a path:
	// complete both (cobra would otherwise turn file completion off).
	root.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	root.SetOut(c.Stdout)
	root.SetErr(c.Stderr)
	root.SetIn(c.Stdin)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageErrorf("%s (run '%s --help' for usage)", flagErrorText(err), cmd.CommandPath())
	})
	root.SetVersionTemplate(Name + " {{.Version}}\n")
	root.AddCommand(c.newCheck(), c.newRules(), c.newExplain(), c.newVersion(), c.newLSP())
	if withCompletion {
		c.initCompletion(root)
	} else {
		// Or cobra would add it when the command executes.
		root.CompletionOptions.DisableDefaultCmd = true
	}
	return root
}

// rootExamples is the Examples section of the root command's help.
const rootExamples = `  ` + Name + `                          lint every *.lua file below the current directory
  ` + Name + ` scripts/ lib.lua         lint a directory and a file
  ` + Name + ` --redis-version 7.2 .    check against what Redis 7.2 supports
  ` + Name + ` ./...                    also lint the Lua scripts embedded in Go code
  cat s.lua | ` + Name + ` -            lint a script read from stdin
  ` + Name + ` explain dynamic-key      show what a rule reports and how to fix it`

// initCompletion adds cobra's completion command now rather than when the
// command executes, so that an unknown shell (`completion fsh`) is a usage
// error (exit 2) instead of a help text with exit status 0.
func (c *Command) initCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, sub := range root.Commands() {
		if sub.Name() != "completion" {
			continue
		}
		sub.Example = "  source <(" + Name + " completion bash)   # needs the bash-completion package\n" +
			"  " + Name + " completion zsh > \"${fpath[1]}/_" + Name + "\""
		sub.Args = cobra.ArbitraryArgs
		sub.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			var shells []string
			for _, sh := range cmd.Commands() {
				if sh.IsAvailableCommand() {
					shells = append(shells, sh.Name())
				}
			}
			return usageErrorf("unknown shell %q for completion (choose %s)", args[0], strings.Join(shells, ", "))
		}
	}
}

// flagErrorText words a flag parsing error for people: a value that does
// not parse names the flag and the kind of value it wants, instead of
// pflag's "strconv.ParseInt: parsing ...: invalid syntax".
func flagErrorText(err error) string {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err.Error()
	}
	want := "a valid value"
	switch ive.GetFlag().Value.Type() {
	case "int":
		want = "a whole number"
	case "bool":
		want = "true or false"
	}
	return fmt.Sprintf("invalid value %q for --%s: want %s", ive.GetValue(), ive.GetFlag().Name, want)
}

// noArgs is cobra.NoArgs with a message that says what to do.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("%s takes no arguments, got %q (run '%s --help' for usage)", cmd.Name(), args[0], cmd.CommandPath())
	}
	return nil
}

// version returns Command.Version, else the module version.
func (c *Command) version() string {
	if c.Version != "" {
		return c.Version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// ruleIDs returns the IDs of c.Rules.
func (c *Command) ruleIDs() []string {
	ids := make([]string, len(c.Rules))
	for i, r := range c.Rules {
		ids[i] = r.ID
	}
	return ids
}

func (c *Command) ruleByID(id string) *analyzer.Rule {
	for _, r := range c.Rules {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// unknownRule is the error for a rule ID that does not exist.
func (c *Command) unknownRule(what, id string) error {
	hint := "run '" + Name + " rules' for the list"
	part := c.rulesContaining(id)
	switch s := analyzer.SuggestName(id, c.ruleIDs()); {
	case len(part) == 1:
		hint = fmt.Sprintf("did you mean %q?", part[0])
	case len(part) > 1 && len(part) <= 5:
		hint = "did you mean one of " + strings.Join(part, ", ") + "?"
	case s != "":
		hint = fmt.Sprintf("did you mean %q?", s)
	}
	if what != "" {
		what = " in " + what
	}
	return usageErrorf("unknown rule %q%s (%s)", id, what, hint)
}

// rulesContaining returns the rule IDs that contain part (at least two
// characters), for "explain unbounded" style partial names.
func (c *Command) rulesContaining(part string) []string {
	part = strings.ToLower(strings.TrimSpace(part))
	if len(part) < 2 {
		return nil
	}
	var ids []string
	for _, id := range c.ruleIDs() {
		if strings.Contains(id, part) {
			ids = append(ids, id)
		}
	}
	return ids
}

// choice validates a flag value against its valid choices.
func choice(flag, value string, valid []string) error {
	for _, v := range valid {
		if v == value {
			return nil
		}
	}
	hint := "valid: " + strings.Join(valid, ", ")
	if s := analyzer.SuggestName(value, valid); s != "" {
		hint = fmt.Sprintf("did you mean %q?", s)
	}
	return usageErrorf("invalid --%s %q (%s)", flag, value, hint)
}
