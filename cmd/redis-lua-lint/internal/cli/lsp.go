package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/hosts"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/lsp"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// lspGCPercent is the GOGC of the language server (see Command.lsp).
const lspGCPercent = 400

// lspFlags are the flags of lsp.
type lspFlags struct {
	config       string
	redisVersion string
	enable       []string
	disable      []string
}

func (c *Command) newLSP() *cobra.Command {
	f := &lspFlags{}
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the Language Server Protocol server on stdin and stdout (for editors)",
		Long: "Run a Language Server Protocol server on stdin and stdout: an editor starts it and gets the\n" +
			"findings of the *.lua files it has open as you type, each finding's suggested fixes and an\n" +
			"\"ignore this rule on this line\" comment as code actions, and hovers for the command names of\n" +
			"redis.call and for the rule IDs of suppression comments.\n\n" +
			"Each file is linted with the .redis-lua-lint.yaml nearest to its folder (or --config), as check\n" +
			"lints it from there; files its exclude globs match are not linted (as with --force-exclude).\n" +
			"The README's Editors section shows the set-up for Neovim, Helix, Emacs and VS Code.",
		Example: "  " + Name + " lsp\n" +
			"  " + Name + " lsp --redis-version 7.2",
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return c.lsp(cmd, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.config, "config", "c", "", "read the configuration from `FILE` for every file instead of searching for .redis-lua-lint.yaml")
	fl.StringVar(&f.redisVersion, "redis-version", "", "target server `VERSION` ("+strings.Join(redisfacts.KnownVersions, ", ")+"; default: the configuration's)")
	fl.StringSliceVar(&f.enable, "enable", nil, "enable `RULE` even where the configuration turns it off (repeatable, comma-separated)")
	fl.StringSliceVar(&f.disable, "disable", nil, "disable `RULE` (repeatable, comma-separated)")
	return cmd
}

func (c *Command) lsp(cmd *cobra.Command, f *lspFlags) error {
	var version *redisfacts.Version
	if f.redisVersion != "" {
		v, err := redisfacts.ParseVersion(f.redisVersion)
		if err != nil {
			return usageErrorf("invalid --redis-version %q (known: %s)", f.redisVersion, strings.Join(redisfacts.KnownVersions, ", "))
		}
		version = &v
	}
	type forced struct {
		id string
		on bool
	}
	var force []forced
	for _, set := range []struct {
		flag string
		ids  []string
		on   bool
	}{{"--enable", f.enable, true}, {"--disable", f.disable, false}} {
		for _, id := range set.ids {
			if id = strings.TrimSpace(id); id == "" {
				continue
			}
			if c.ruleByID(id) == nil {
				return c.unknownRule(set.flag, id)
			}
			force = append(force, forced{id, set.on})
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return &exitError{ExitError, err}
	}
	if c.Getenv("GOGC") == "" && c.Getenv("GOMEMLIMIT") == "" {
		// The server's live data is a few open documents, so the default
		// GOGC collects several times per lint of a big script: 400 cut
		// the median re-lint of a 2,000-line script from about 14 to 8.5
		// ms (BenchmarkRelintAfterOneCharChange) for a heap of some tens
		// of MB. The user's GOGC or GOMEMLIMIT wins.
		defer debug.SetGCPercent(debug.SetGCPercent(lspGCPercent))
	}
	srv := lsp.NewServer(lsp.Options{
		Name: Name, Version: c.version(), Rules: c.Rules, Config: f.config, WorkDir: wd,
		RulesDocURL: RulesDocURL, Log: c.Stderr, HostFile: lspHostFile,
		Adjust: func(cfg *lint.Config) error {
			if version != nil {
				cfg.RedisVersion = *version
			}
			for _, x := range force {
				cfg.SetRuleEnabled(x.id, x.on)
			}
			return nil
		},
	})
	err = srv.Serve(cmd.Context(), stdio{c.Stdin, c.Stdout})
	if errors.Is(err, lsp.ErrExitWithoutShutdown) {
		return &exitError{code: ExitFindings} // the protocol's exit code 1
	}
	if err != nil {
		return &exitError{ExitError, err}
	}
	return nil
}

// lspHostFile lints the documents of the language server that are not
// .lua files: the scripts embedded in them, through their front end (Go
// files from their syntax, as check reads a .go file named alone). It is
// where a new front end is plugged into the server.
func lspHostFile(eng *lint.Engine, path string, src []byte) (lint.FileResult, bool) {
	if strings.EqualFold(filepath.Ext(path), ".go") {
		res, _ := goembed.CheckSource(eng, path, src) // notices: the editor's Go server reports syntax errors
		return res, true
	}
	set, err := hosts.New(nil)
	if err != nil || !set.Handles(path) {
		return lint.FileResult{}, false
	}
	if res, ok := set.Check(eng, path, src); ok {
		return res, true
	}
	// No script (any more): no findings, which clears the old ones.
	return lint.FileResult{Path: path, Src: src, Lines: luaast.NewLineIndex(src)}, true
}

// stdio is the server's stream: the command's stdin and stdout. Closing
// it closes neither (the process ends right after).
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
