package lsp

import (
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// diagnostics converts a lint to the protocol's diagnostics: a
// configuration that cannot be loaded, or a file that could not be
// analysed, is one error at the top of the document.
func (s *Server) diagnostics(uri protocol.DocumentUri, c *checked) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	source := s.opts.Name
	top := func(msg string) {
		sev := protocol.DiagnosticSeverityError
		out = append(out, protocol.Diagnostic{Severity: &sev, Source: &source, Message: msg})
	}
	if c.cfgErr != nil {
		top("configuration: " + c.cfgErr.Error())
		return out
	}
	if !c.linted {
		return out
	}
	for i := range c.result.Diagnostics {
		out = append(out, s.diagnostic(uri, c, &c.result.Diagnostics[i]))
	}
	if c.result.Err != nil {
		top(c.result.Err.Error())
	}
	return out
}

// diagnostic converts one finding.
func (s *Server) diagnostic(uri protocol.DocumentUri, c *checked, d *analyzer.Diagnostic) protocol.Diagnostic {
	source := s.opts.Name
	sev := severity(d.Severity)
	pd := protocol.Diagnostic{
		Range:    c.lines.rangeOf(d.Span),
		Severity: &sev,
		Code:     &protocol.IntegerOrString{Value: d.RuleID},
		Source:   &source,
		Message:  d.Message,
	}
	if s.opts.RulesDocURL != "" && s.ruleByID(d.RuleID) != nil {
		pd.CodeDescription = &protocol.CodeDescription{HRef: s.opts.RulesDocURL + "#" + d.RuleID}
	}
	for _, r := range d.Related {
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri, Range: c.lines.rangeOf(r.Span)},
			Message:  r.Message,
		})
	}
	return pd
}

// severity maps a finding's severity to the protocol's.
func severity(s analyzer.Severity) protocol.DiagnosticSeverity {
	switch s {
	case analyzer.SeverityError:
		return protocol.DiagnosticSeverityError
	case analyzer.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}
