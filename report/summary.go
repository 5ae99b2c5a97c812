package report

import (
	"strconv"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

// Summary counts the findings of a run.
type Summary struct {
	// Errors, Warnings and Infos count diagnostics by severity.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
	// Files is the number of files given to the printer.
	Files int `json:"files"`
	// FilesWithFindings is the number of files with at least one
	// diagnostic.
	FilesWithFindings int `json:"filesWithFindings"`
	// FilesWithErrorFindings is the number of files with at least one
	// diagnostic of severity error.
	FilesWithErrorFindings int `json:"filesWithErrorFindings"`
	// FilesNotChecked is the number of files whose FileResult.Err is set:
	// they could not be read (or were too large, or are directories that
	// could not be listed) or fully analysed (an internal error).
	FilesNotChecked int `json:"filesNotChecked"`
	// FilesWithErrors is FilesNotChecked under its old name, which reads
	// as if it counted files with error findings (FilesWithErrorFindings
	// does).
	//
	// Deprecated: use FilesNotChecked; kept, equal to it, for one JSON
	// report version more (removed in the next release).
	FilesWithErrors int `json:"filesWithErrors"`
}

// Summarize counts the diagnostics and file errors of results.
func Summarize(results []lint.FileResult) Summary {
	var s Summary
	for i := range results {
		addFile(&s, &results[i])
	}
	return s
}

// addFile counts one more file, r, into s.
func addFile(s *Summary, r *lint.FileResult) {
	s.Files++
	if r.Err != nil {
		s.FilesNotChecked++
		s.FilesWithErrors++
	}
	if len(r.Diagnostics) > 0 {
		s.FilesWithFindings++
	}
	errorFinding := false
	for j := range r.Diagnostics {
		switch r.Diagnostics[j].Severity {
		case analyzer.SeverityError:
			s.Errors++
			errorFinding = true
		case analyzer.SeverityWarning:
			s.Warnings++
		default:
			// An unset or unknown severity is counted as the mildest,
			// matching how the printers show it.
			s.Infos++
		}
	}
	if errorFinding {
		s.FilesWithErrorFindings++
	}
}

// Findings returns the number of diagnostics of every severity.
func (s Summary) Findings() int { return s.Errors + s.Warnings + s.Infos }

// String returns the closing line of the text output: the findings and
// how many of the checked files have them ("1 error, 2 warnings, 0 infos
// in 2 of 5 files"; "in 2 files" when every checked file has findings),
// or "no problems found in 5 files", or "no files checked"; with "; 1 file
// could not be checked" appended when files failed.
func (s Summary) String() string {
	var b []byte
	// Files that could not be read were not checked; a negative count
	// (from a hand-built Summary) reads as none.
	checked := max(s.Files-s.FilesNotChecked, 0)
	switch {
	case s.Findings() > 0:
		b = appendCount(b, s.Errors, "error", "errors")
		b = append(b, ", "...)
		b = appendCount(b, s.Warnings, "warning", "warnings")
		b = append(b, ", "...)
		b = appendCount(b, s.Infos, "info", "infos")
		b = append(b, " in "...)
		if s.FilesWithFindings < checked {
			b = strconv.AppendInt(b, int64(s.FilesWithFindings), 10)
			b = append(b, " of "...)
			b = appendCount(b, checked, "file", "files")
		} else {
			b = appendCount(b, s.FilesWithFindings, "file", "files")
		}
	case checked > 0:
		b = append(b, "no problems found in "...)
		b = appendCount(b, checked, "file", "files")
	case s.FilesNotChecked == 0:
		b = append(b, "no files checked"...)
	}
	if s.FilesNotChecked > 0 {
		if len(b) > 0 {
			b = append(b, "; "...)
		}
		b = appendCount(b, s.FilesNotChecked, "file", "files")
		b = append(b, " could not be checked"...)
	}
	return string(b)
}

func appendCount(b []byte, n int, one, many string) []byte {
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ' ')
	if n == 1 {
		return append(b, one...)
	}
	return append(b, many...)
}

// severityName returns the word printers use for s; an unset severity
// reads as "info" (see Summarize).
func severityName(s analyzer.Severity) string {
	switch s {
	case analyzer.SeverityError:
		return "error"
	case analyzer.SeverityWarning:
		return "warning"
	}
	return "info"
}
