package cli

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

func (c *Command) newRules() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the rules: ID, default severity and summary",
		Long: "List every rule with its default severity and a one-line summary. Rules are turned on and off,\n" +
			"and their severity changed, in .redis-lua-lint.yaml or with check --enable/--disable.",
		Example: "  " + Name + " rules\n" +
			"  " + Name + " rules --format json | jq -r '.[] | select(.severity == \"error\") | .id'",
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := choice("format", format, []string{"text", "json"}); err != nil {
				return err
			}
			if format == "json" {
				return c.rulesJSON()
			}
			tw := tabwriter.NewWriter(c.Stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tSEVERITY\tSUMMARY")
			for _, r := range c.Rules {
				sev := r.Severity.String()
				if r.DefaultOff {
					sev = "off"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, sev, r.Doc.Title)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output `FORMAT`: text or json")
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"text", "json"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// ruleJSON is one entry of `rules --format json`.
type ruleJSON struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	// DefaultOff is set for a rule that runs only when turned on.
	DefaultOff bool         `json:"defaultOff,omitempty"`
	Title      string       `json:"title"`
	Rationale  string       `json:"rationale"`
	Bad        string       `json:"bad"`
	Good       string       `json:"good"`
	Tags       []string     `json:"tags"`
	Precision  string       `json:"precision"`
	Options    []optionJSON `json:"options"`
}

type optionJSON struct {
	Name    string `json:"name"`
	Default any    `json:"default"`
	Doc     string `json:"doc"`
}

func (c *Command) rulesJSON() error {
	out := make([]ruleJSON, 0, len(c.Rules))
	for _, r := range c.Rules {
		j := ruleJSON{
			ID: r.ID, Severity: r.Severity.String(), DefaultOff: r.DefaultOff, Title: r.Doc.Title, Rationale: r.Doc.Rationale,
			Bad: r.Doc.Bad, Good: r.Doc.Good, Tags: r.Doc.Tags, Precision: r.Doc.Precision,
			Options: []optionJSON{},
		}
		if j.Tags == nil {
			j.Tags = []string{}
		}
		for _, o := range r.Options {
			j.Options = append(j.Options, optionJSON{Name: o.Name, Default: o.Default, Doc: o.Doc})
		}
		out = append(out, j)
	}
	enc := json.NewEncoder(c.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func (c *Command) newExplain() *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "Show a rule's documentation with a bad and a good example",
		Long: "Show what a rule reports and why, how precise it is, its options, a bad and a good example,\n" +
			"and how to silence one finding. '" + Name + " rules' lists the rule IDs.",
		Example: "  " + Name + " explain nil-reply-check\n" +
			"  " + Name + " explain dynamic-key | less",
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
				return usageErrorf("explain needs a rule ID, e.g. '%s explain nil-reply-check' (run '%s rules' for the list)", Name, Name)
			case len(args) > 1:
				return usageErrorf("explain takes one rule ID, got %d: %s (explain them one at a time)", len(args), strings.Join(args, " "))
			}
			return nil
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return c.ruleIDs(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			r := c.ruleByID(args[0])
			if r == nil {
				return c.unknownRule("", args[0])
			}
			fmt.Fprint(c.Stdout, explainText(r))
			return nil
		},
	}
}

// explainText renders a rule's documentation for a terminal.
func explainText(r *analyzer.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n\n", r.ID, r.Doc.Title)
	fmt.Fprintf(&b, "Default severity: %s\n", r.Severity)
	if r.DefaultOff {
		b.WriteString("Off by default: turn it on with a severity in the configuration (rules: " + r.ID + ": " + r.Severity.String() + ") or --enable " + r.ID + "\n")
	}
	if r.Doc.Precision != "" {
		fmt.Fprintf(&b, "Precision: %s\n", r.Doc.Precision)
	}
	if len(r.Doc.Tags) > 0 {
		fmt.Fprintf(&b, "Tags: %s\n", strings.Join(r.Doc.Tags, ", "))
	}
	if r.Doc.Rationale != "" {
		b.WriteString("\n")
		b.WriteString(wrap(r.Doc.Rationale, 78))
	}
	if r.Doc.Fixes != "" {
		b.WriteString("\nFixes:\n")
		b.WriteString(wrap(r.Doc.Fixes, 78))
	}
	if len(r.Options) > 0 {
		b.WriteString("\nOptions (set under rules: " + r.ID + ": options: in .redis-lua-lint.yaml):\n")
		for _, o := range r.Options {
			fmt.Fprintf(&b, "  %s (default %v)\n", o.Name, formatDefault(o.Default))
			if o.Doc != "" {
				b.WriteString(indent(wrap(o.Doc, 72), "      "))
			}
		}
	}
	if r.Doc.Bad != "" {
		b.WriteString("\nBad:\n\n")
		b.WriteString(indent(r.Doc.Bad, "    "))
	}
	if r.Doc.Good != "" {
		b.WriteString("\nGood:\n\n")
		b.WriteString(indent(r.Doc.Good, "    "))
	}
	fmt.Fprintf(&b, "\nSilence one finding with: -- %s: ignore %s -- reason\n", Name, r.ID)
	return b.String()
}

func formatDefault(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%q", x)
	case []string:
		return "[" + strings.Join(x, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// wrap fills paragraphs (separated by blank lines) to width columns.
func wrap(text string, width int) string {
	var b strings.Builder
	for i, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		col := 0
		for _, w := range strings.Fields(para) {
			if col > 0 && col+1+len(w) > width {
				b.WriteString("\n")
				col = 0
			}
			if col > 0 {
				b.WriteString(" ")
				col++
			}
			b.WriteString(w)
			col += len(w)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// indent prefixes every non-empty line of text.
func indent(text, prefix string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if l != "" {
			b.WriteString(prefix)
		}
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}

func (c *Command) newVersion() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, the commit, the Go version and the known Redis/Valkey versions",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			commit, modified := "unknown", false
			if bi, ok := debug.ReadBuildInfo(); ok {
				for _, s := range bi.Settings {
					switch s.Key {
					case "vcs.revision":
						commit = s.Value
					case "vcs.modified":
						modified = s.Value == "true"
					}
				}
			}
			if modified {
				commit += " (modified)"
			}
			fmt.Fprintf(c.Stdout, "%s %s\n", Name, c.version())
			fmt.Fprintf(c.Stdout, "commit: %s\n", commit)
			fmt.Fprintf(c.Stdout, "go: %s\n", runtime.Version())
			fmt.Fprintf(c.Stdout, "targets: %s (default %s)\n", strings.Join(redisfacts.KnownVersions, ", "), redisfacts.DefaultVersion)
			return nil
		},
	}
}
