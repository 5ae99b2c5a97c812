// Package golangci is the golangci-lint v2 module plugin of
// redis-lua-lint: importing it registers the linter "redis-lua-lint",
// which checks the Lua scripts embedded in Go (see frontend/goembed and
// docs/go-integration.md for the .custom-gcl.yml and .golangci.yml to
// write).
package golangci

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
)

// Name is the linter's name in .golangci.yml (linters.settings.custom).
const Name = "redis-lua-lint"

// golangci-lint finds module plugins through this registration; it is the
// package's only side effect.
func init() { register.Plugin(Name, New) }

// Settings are the plugin's settings in .golangci.yml:
//
//	linters:
//	  settings:
//	    custom:
//	      redis-lua-lint:
//	        type: module
//	        settings:
//	          config: .redis-lua-lint.yaml
//	          redis-version: "7.2"
//	          disable: [hardcoded-key]
type Settings struct {
	// Config is the path of a .redis-lua-lint.yaml; empty means the
	// nearest one above each package.
	Config string `json:"config"`
	// RedisVersion overrides the configuration's target version.
	RedisVersion string `json:"redis-version"`
	// Enable and Disable force rules on or off.
	Enable  []string `json:"enable"`
	Disable []string `json:"disable"`
}

// Plugin is the registered linter.
type Plugin struct {
	settings Settings
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes the settings golangci-lint passes (unknown keys are errors).
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("%s settings: %w", Name, err)
	}
	return &Plugin{settings: s}, nil
}

// BuildAnalyzers returns the analyzer configured by the settings; an
// unknown rule or version is an error.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	a, err := goembed.NewAnalyzer(goembed.Options{
		Config:       p.settings.Config,
		RedisVersion: p.settings.RedisVersion,
		Enable:       p.settings.Enable,
		Disable:      p.settings.Disable,
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	return []*analysis.Analyzer{a}, nil
}

// GetLoadMode says the analyzer needs type information: scripts are
// recognised by the package of the function they are passed to.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
