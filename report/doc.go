// Package report prints lint results for people (Text), for programs
// (JSON), for GitHub Actions (GitHub) and for GitLab's Code Quality widget
// (GitLab). SARIF lives in package sarif.
//
// Every printer takes the []analyzer.FileResult of a run in the order the
// caller wants them shown, buffers its output and returns the first write
// error. Output is deterministic: the same input gives the same bytes.
//
// # JSON schema (version 1)
//
// JSON writes one indented document:
//
//	{
//	  "version": 1,
//	  "files": [
//	    {
//	      "path": "scripts/rate.lua",
//	      "diagnostics": [
//	        {
//	          "rule": "dynamic-key",
//	          "severity": "error",            // "error", "warning" or "info"
//	          "message": "key built by concatenation: pass the whole key in KEYS",
//	          "line": 16, "column": 20,       // start, 1-based; column in bytes
//	          "endLine": 16, "endColumn": 35, // end, exclusive
//	          "offset": 301, "endOffset": 316,// 0-based byte offsets, end exclusive
//	          "related": [
//	            {"message": "first write here", "line": 3, "column": 1,
//	             "endLine": 3, "endColumn": 9, "offset": 40, "endOffset": 48}
//	          ],
//	          "fixes": [
//	            {"message": "use redis.pcall",
//	             "edits": [{"line": 16, "column": 1, "endLine": 16, "endColumn": 11,
//	                        "offset": 282, "endOffset": 292, "newText": "redis.pcall"}]}
//	          ]
//	        }
//	      ],
//	      "error": "open scripts/x.lua: permission denied"   // only when the file could not be checked
//	    }
//	  ],
//	  "summary": {"errors": 1, "warnings": 0, "infos": 0,
//	              "files": 1, "filesWithFindings": 1, "filesWithErrorFindings": 1,
//	              "filesNotChecked": 0, "filesWithErrors": 0},
//	  "rules": [
//	    {"id": "dynamic-key", "title": "...", "severity": "error",
//	     "tags": ["cluster"], "precision": "high"}
//	  ]
//	}
//
// Rules of the schema:
//   - "files" lists every file given to the printer, in the given order,
//     with or without findings; "diagnostics" are in source order.
//   - "diagnostics", "related", "fixes", "edits" and "tags" are always
//     arrays, never null or missing; "error" and "precision" are omitted
//     when empty.
//   - Positions: line and column are 1-based and columns count bytes (as
//     in the text output and the Go toolchain); ends are exclusive. The
//     offsets are exact byte offsets into the file, which is what a tool
//     applying "fixes" should use. A consumer needing UTF-16 columns (an
//     editor) should use the SARIF output, which counts them. Line and
//     column are 0 when the source was not available.
//   - "severity" is the severity of the finding as configured, which may
//     differ from the rule's default given in "rules".
//   - "rules" lists the rules that were run, sorted by id.
//   - "summary" counts findings by severity; "files" is the number of
//     files, "filesWithFindings" those with at least one diagnostic,
//     "filesWithErrorFindings" those with at least one diagnostic of
//     severity error, "filesNotChecked" those with "error" (they could not
//     be read, were larger than max-file-size, or hit an internal error).
//     "filesWithErrors" is "filesNotChecked" under its old, misleading
//     name: deprecated, kept equal to it for one more release.
//   - Strings are escaped as encoding/json escapes them (C0 controls,
//     '"', '\\', U+2028, U+2029; bytes that are not UTF-8 become U+FFFD);
//     DEL and C1 controls, valid raw in JSON, are written raw.
//
// The schema is versioned by "version": fields may be added within a
// version; removing or changing a field bumps it. The Go types JSONReport
// and friends are the schema; BuildJSON returns the document.
package report
