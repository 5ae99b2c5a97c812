package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/fingerprint"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// GitLab writes results as a GitLab Code Quality report
// (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format):
// a JSON array with one issue per finding, which GitLab shows in the
// merge request widget and, on some tiers, in the diff. Every issue has
// the fields GitLab requires: description (the message), check_name (the
// rule ID), fingerprint, severity and location (path, lines.begin and
// lines.end, lines counted from 1). Severities map error, warning and info
// to major, minor and info. A fingerprint is computed as SARIF's (see
// internal/fingerprint): rule, path, the finding's line text and its
// occurrence index, so it survives edits elsewhere in the file and GitLab
// can tell new findings from old ones. location.path is FileResult.Path
// without a leading "./"; GitLab resolves it against the repository root,
// so run the linter from there (the CLI rebases paths itself). A file that
// could not be checked becomes a "blocker" issue of check_name
// "redis-lua-lint" on its line 1.
func GitLab(w io.Writer, results []lint.FileResult) error {
	s := NewGitLabStream(w)
	for i := range results {
		if err := s.File(&results[i]); err != nil {
			return err
		}
	}
	return s.Close()
}

// GitLabIssue is one issue of a GitLab Code Quality report.
type GitLabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    GitLabLocation `json:"location"`
}

// GitLabLocation is where an issue is: a path relative to the repository
// root and its lines.
type GitLabLocation struct {
	Path  string      `json:"path"`
	Lines GitLabLines `json:"lines"`
}

// GitLabLines is the 1-based line range of an issue.
type GitLabLines struct {
	Begin int `json:"begin"`
	End   int `json:"end"`
}

// GitLabSeverities are the severities GitLab accepts, lowest first.
var GitLabSeverities = []string{"info", "minor", "major", "critical", "blocker"}

// gitlabSeverity maps a finding's severity to GitLab's.
func gitlabSeverity(s analyzer.Severity) string {
	switch s {
	case analyzer.SeverityError:
		return "major"
	case analyzer.SeverityWarning:
		return "minor"
	}
	return "info"
}

// gitlabFileErrorCheck is the check_name of the issue for a file that
// could not be checked.
const gitlabFileErrorCheck = "redis-lua-lint"

// gitlabStream is the Stream of GitLab.
type gitlabStream struct {
	bw *bufio.Writer
	// any is whether an issue was written (the array's separators).
	any bool
	// buf holds one encoded issue.
	buf bytes.Buffer
}

// NewGitLabStream returns a Stream writing what GitLab writes.
func NewGitLabStream(w io.Writer) Stream {
	return &gitlabStream{bw: bufio.NewWriterSize(w, 64<<10)}
}

func (s *gitlabStream) File(r *lint.FileResult) error {
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	path := strings.TrimPrefix(r.Path, "./")
	fp := fingerprint.NewFile(path, r.Src, lines)
	if r.Err != nil {
		issue := GitLabIssue{
			Description: "could not check file: " + r.Err.Error(),
			CheckName:   gitlabFileErrorCheck,
			Fingerprint: fingerprint.NewFile(path, nil, nil).Of(gitlabFileErrorCheck, 0),
			Severity:    "blocker",
			Location:    GitLabLocation{Path: path, Lines: GitLabLines{Begin: 1, End: 1}},
		}
		if err := s.write(&issue); err != nil {
			return err
		}
	}
	for j := range r.Diagnostics {
		d := &r.Diagnostics[j]
		begin, end := 1, 1
		if lines != nil {
			begin = lines.Position(d.Span.Start).Line
			end = max(begin, lines.Position(d.Span.End).Line)
		}
		issue := GitLabIssue{
			Description: d.Message,
			CheckName:   d.RuleID,
			Fingerprint: fp.Of(d.RuleID, d.Span.Start),
			Severity:    gitlabSeverity(d.Severity),
			Location:    GitLabLocation{Path: path, Lines: GitLabLines{Begin: begin, End: end}},
		}
		if err := s.write(&issue); err != nil {
			return err
		}
	}
	return nil
}

// write writes one issue as an element of the indented array, exactly
// as a json.Encoder with indent "  " and no HTML escaping (messages quote
// Lua, with its < and >) writes the whole array.
func (s *gitlabStream) write(issue *GitLabIssue) error {
	s.buf.Reset()
	enc := json.NewEncoder(&s.buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(issue); err != nil {
		return fmt.Errorf("writing the GitLab report: %w", err)
	}
	sep := ",\n  "
	if !s.any {
		sep = "[\n  "
		s.any = true
	}
	if _, err := s.bw.WriteString(sep); err != nil {
		return fmt.Errorf("writing the GitLab report: %w", err)
	}
	if _, err := s.bw.Write(bytes.TrimSuffix(s.buf.Bytes(), []byte("\n"))); err != nil {
		return fmt.Errorf("writing the GitLab report: %w", err)
	}
	return nil
}

func (s *gitlabStream) Close() error {
	end := "\n]\n"
	if !s.any {
		end = "[]\n"
	}
	if _, err := s.bw.WriteString(end); err != nil {
		return fmt.Errorf("writing the GitLab report: %w", err)
	}
	if err := s.bw.Flush(); err != nil {
		return fmt.Errorf("writing the GitLab report: %w", err)
	}
	return nil
}
