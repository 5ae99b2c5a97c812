package golangci_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/analysistest"

	_ "github.com/redis-lua-lint/redis-lua-lint/plugin/golangci"
)

// TestPlugin loads the plugin as golangci-lint does, by name, and runs its
// analyzer on a package with an embedded script.
func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("redis-lua-lint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"redis-version": "7.2", "disable": []any{"hardcoded-key"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 {
		t.Fatalf("%d analyzers, want 1", len(as))
	}
	testdata, err := filepath.Abs(filepath.Join("..", "..", "frontend", "goembed", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, as[0], "plugin")
}

// TestPluginSettingsErrors checks that bad settings fail when golangci-lint
// loads the plugin, with a message naming the problem.
func TestPluginSettingsErrors(t *testing.T) {
	newPlugin, err := register.GetPlugin("redis-lua-lint")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		conf any
		want string
	}{
		{map[string]any{"redis-versoin": "7.2"}, `unknown field "redis-versoin"`}, //nolint:misspell // deliberate typo to test the unknown-field error
		{map[string]any{"redis-version": "5.0"}, `invalid redis-version "5.0"`},
		{map[string]any{"disable": []any{"hardcoded-kye"}}, `unknown rule "hardcoded-kye" (did you mean "hardcoded-key"?)`},
	}
	for _, tt := range tests {
		p, err := newPlugin(tt.conf)
		if err == nil {
			_, err = p.BuildAnalyzers()
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("settings %v: error %v, want it to contain %q", tt.conf, err, tt.want)
		}
	}
}
