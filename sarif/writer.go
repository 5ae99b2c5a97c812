package sarif

// What GitHub code scanning does with our SARIF, written down once.
//
//   - Upload limits (docs.github.com, "SARIF results exceed limit"): a
//     file is at most 10 MB gzip-compressed and 20 runs; a run at most
//     25,000 results (only the top 5,000 by severity are kept) and 25,000
//     rules; a result at most 1,000 locations (100 kept); a rule at most
//     20 tags (10 kept). Over the hard limits the whole upload is
//     rejected, so a CI setup with very many findings should raise the
//     severity threshold rather than upload everything.
//   - Paths: an alert attaches to code only when its artifactLocation.uri
//     resolves to a file of the repository. We write URIs relative to
//     Options.BaseDir (set it to the repository root, e.g.
//     $GITHUB_WORKSPACE) with uriBaseId "%SRCROOT%", slash-separated and
//     percent-encoded (':' too, so a first segment never reads as a URI
//     scheme). A file outside BaseDir gets an absolute file:// URI, which
//     GitHub cannot place. originalUriBaseIds records what %SRCROOT% was.
//   - Paths must be the same from run to run, or every run closes the old
//     alerts and opens new ones.
//   - Fingerprints: GitHub matches alerts across runs by
//     partialFingerprints combined with the rule and the path. The
//     upload-sarif action computes "primaryLocationLineHash" from the
//     sources when it is missing, but the REST upload endpoint does not,
//     which duplicates alerts. We always write our own
//     "redisLuaLint/v1": sha256 of rule ID, URI, the primary line's text
//     with whitespace collapsed, and the index of the finding among those
//     with the same rule and line text in the file. It does not depend on
//     line numbers, columns or messages, so edits elsewhere in the file
//     keep it.
//   - The ruleId of a finding must not change between runs.
//   - Rule metadata: GitHub shows shortDescription as the alert's title
//     area, fullDescription beneath, and help.markdown (falling back to
//     help.text) behind "Show more". properties.tags are filterable;
//     properties.precision is shown. "security-severity" is only read for
//     rules tagged "security"; we have none, so we do not write it.
//   - helpUri (Options.RulesDocURL) links each rule to its section of
//     docs/rules.md; GitHub shows it as the rule's documentation link.
//   - Levels: defaultConfiguration.level and result.level "error",
//     "warning", "note" map to GitHub's Error, Warning, Note.
//   - Related locations are shown only when the result message links to
//     them as "[text](id)", so the message gets " (see [first write
//     here](1))" appended. Literal brackets in a message are escaped with
//     a backslash only where they would read as such a link ("](").
//   - Columns: GitHub (like the SARIF default) counts UTF-16 code units;
//     we say so in run.columnKind and count them with
//     luaast.LineIndex.UTF16Column, so an emoji before a span moves the
//     column by 2.
//   - Several SARIF files for the same commit and tool (a matrix build)
//     need distinct categories (upload-sarif's "category" input); we do
//     not write runAutomationDetails, leaving that to the workflow.
//   - GitHub does not apply fixes; we write them (artifactChanges with
//     deletedRegion + insertedContent) for other consumers such as IDEs.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/fingerprint"
	"github.com/redis-lua-lint/redis-lua-lint/internal/jsonw"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Options configures Write.
type Options struct {
	// ToolName is the driver name; "redis-lua-lint" when empty.
	ToolName string
	// ToolVersion is the tool's version ("1.2.0", "v1.2.0", "devel"). A
	// semantic version is also written as semanticVersion.
	ToolVersion string
	// InformationURI is the tool's home page.
	InformationURI string
	// RulesDocURL, when set, is the page documenting the rules, with a
	// section per rule whose anchor is the rule's ID: every rule given
	// to Write gets helpUri RulesDocURL#<id> (a rule ID only found in the
	// results, with no rule, gets none).
	RulesDocURL string
	// BaseDir is the directory artifact URIs are relative to (usually the
	// repository root); %SRCROOT% stands for it. Relative FileResult
	// paths are relative to the working directory, as is a relative
	// BaseDir. Empty means paths are written as given.
	BaseDir string
}

// SRCROOT is the uriBaseId of every artifact URI we write.
const SRCROOT = "%SRCROOT%"

// FingerprintKey is the partialFingerprints key of our own fingerprint.
const FingerprintKey = "redisLuaLint/v1"

// Write writes results as an indented SARIF 2.1.0 log with one run. The
// bytes are exactly those of encoding/json's indented encoding of Build's
// log; results are written directly because reflection made 100k of them
// take seconds.
func Write(w io.Writer, results []lint.FileResult, rules []*analyzer.Rule, opts Options) error {
	b, run, err := newRun(results, rules, opts)
	if err != nil {
		return err
	}
	jw := jsonw.NewWriter(w)
	jw.BeginObject()
	jw.StringMember("$schema", SchemaURI)
	jw.StringMember("version", Version)
	jw.Key("runs")
	jw.BeginArray()
	jw.BeginObject()
	jw.Key("tool")
	jw.Value(run.Tool)
	jw.Key("invocations")
	jw.Value(run.Invocations)
	jw.Key("originalUriBaseIds")
	jw.Value(run.OriginalURIBaseIDs)
	jw.Key("results")
	jw.BeginArray()
	// Each result is written before the next is made: they can share
	// their primary location and fingerprint map.
	b.stream = &streamScratch{fingerprints: map[string]string{}}
	for i := range results {
		r := &results[i]
		fr := b.file(r)
		for j := range r.Diagnostics {
			res := b.result(&fr, &r.Diagnostics[j])
			writeResult(jw, &res)
		}
	}
	jw.EndArray()
	jw.StringMember("columnKind", run.ColumnKind)
	jw.EndObject()
	jw.EndArray()
	jw.EndObject()
	if err := jw.Flush(); err != nil {
		return fmt.Errorf("writing SARIF: %w", err)
	}
	return nil
}

// Build returns the SARIF log Write writes.
func Build(results []lint.FileResult, rules []*analyzer.Rule, opts Options) (*Log, error) {
	b, run, err := newRun(results, rules, opts)
	if err != nil {
		return nil, err
	}
	run.Results = make([]Result, 0, countDiagnostics(results))
	for i := range results {
		r := &results[i]
		fr := b.file(r)
		for j := range r.Diagnostics {
			run.Results = append(run.Results, b.result(&fr, &r.Diagnostics[j]))
		}
	}
	return &Log{Schema: SchemaURI, Version: Version, Runs: []Run{run}}, nil
}

// newRun returns the run without its results, and the builder that makes
// them.
func newRun(results []lint.FileResult, rules []*analyzer.Rule, opts Options) (*builder, Run, error) {
	name := opts.ToolName
	if name == "" {
		name = "redis-lua-lint"
	}
	b := &builder{opts: opts, ruleIndex: map[string]int{}, descriptors: []ReportingDescriptor{}, getwd: sync.OnceValues(os.Getwd)}
	if opts.BaseDir != "" {
		abs, err := filepath.Abs(opts.BaseDir)
		if err != nil {
			return nil, Run{}, fmt.Errorf("SARIF base directory %q: %w", opts.BaseDir, err)
		}
		b.absBase = abs
	}
	b.addRules(results, rules)
	run := Run{
		Tool: Tool{Driver: ToolComponent{
			Name:            name,
			Version:         opts.ToolVersion,
			SemanticVersion: semanticVersion(opts.ToolVersion),
			InformationURI:  opts.InformationURI,
			Rules:           b.descriptors,
		}},
		Invocations:        []Invocation{{ExecutionSuccessful: true}},
		OriginalURIBaseIDs: map[string]ArtifactLocation{SRCROOT: b.srcRoot()},
		Results:            []Result{},
		ColumnKind:         "utf16CodeUnits",
	}
	for i := range results {
		r := &results[i]
		if r.Err != nil {
			run.Invocations[0].ExecutionSuccessful = false
			run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications, Notification{
				Level:     "error",
				Message:   Message{Text: r.Err.Error()},
				Locations: []Location{{PhysicalLocation: &PhysicalLocation{ArtifactLocation: b.artifact(r.Path)}}},
			})
		}
	}
	return b, run, nil
}

type builder struct {
	opts Options
	// getwd is os.Getwd asked once: filepath.Abs would ask for every file
	// (two stat calls each).
	getwd       func() (string, error)
	absBase     string
	descriptors []ReportingDescriptor
	ruleIndex   map[string]int
	scratch     []byte
	// stream, set by Write, is storage that result reuses for every
	// result: Write writes each result before making the next, and the
	// allocations would be most of its cost.
	stream *streamScratch
}

// streamScratch is the reused storage of a result's primary location
// and fingerprints.
type streamScratch struct {
	locations    [1]Location
	physical     PhysicalLocation
	region       Region
	fingerprints map[string]string
}

func countDiagnostics(results []lint.FileResult) int {
	n := 0
	for i := range results {
		n += len(results[i].Diagnostics)
	}
	return n
}

// addRules makes a descriptor per rule, sorted by ID, plus a bare one for
// any rule ID a diagnostic carries that is not among rules (so every
// result has a valid ruleIndex).
func (b *builder) addRules(results []lint.FileResult, rules []*analyzer.Rule) {
	byID := map[string]*analyzer.Rule{}
	for _, r := range rules {
		if r != nil {
			byID[r.ID] = r
		}
	}
	for i := range results {
		for j := range results[i].Diagnostics {
			id := results[i].Diagnostics[j].RuleID
			if _, ok := byID[id]; !ok {
				byID[id] = nil
			}
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		b.ruleIndex[id] = len(b.descriptors)
		b.descriptors = append(b.descriptors, descriptor(id, byID[id], b.opts.RulesDocURL))
	}
}

func descriptor(id string, r *analyzer.Rule, docURL string) ReportingDescriptor {
	d := ReportingDescriptor{ID: id, Name: pascalCase(id)}
	if r == nil {
		d.ShortDescription = &MultiformatMessageString{Text: id}
		return d
	}
	if docURL != "" {
		d.HelpURI = docURL + "#" + id
	}
	if r.Doc.Title != "" {
		d.ShortDescription = &MultiformatMessageString{Text: r.Doc.Title}
	}
	if r.Doc.Rationale != "" {
		d.FullDescription = &MultiformatMessageString{Text: r.Doc.Rationale}
	}
	if h := help(r.Doc); h.Text != "" {
		d.Help = &h
	}
	d.DefaultConfiguration = &ReportingConfiguration{Level: level(r.Severity)}
	if len(r.Doc.Tags) > 0 || r.Doc.Precision != "" {
		d.Properties = &PropertyBag{Tags: r.Doc.Tags, Precision: r.Doc.Precision}
	}
	return d
}

// help renders a rule's rationale and examples as text and Markdown.
func help(doc analyzer.Doc) MultiformatMessageString {
	var text, md strings.Builder
	add := func(s string) {
		if text.Len() > 0 {
			text.WriteString("\n\n")
			md.WriteString("\n\n")
		}
		text.WriteString(s)
		md.WriteString(s)
	}
	if doc.Rationale != "" {
		add(doc.Rationale)
	}
	example := func(label, code string) {
		code = strings.TrimRight(code, "\n")
		if code == "" {
			return
		}
		if text.Len() > 0 {
			text.WriteString("\n\n")
			md.WriteString("\n\n")
		}
		text.WriteString(label + ":\n\n" + indent(code))
		fence := "```"
		for strings.Contains(code, fence) {
			fence += "`"
		}
		md.WriteString("**" + label + ":**\n\n" + fence + "lua\n" + code + "\n" + fence)
	}
	example("Bad", doc.Bad)
	example("Good", doc.Good)
	return MultiformatMessageString{Text: text.String(), Markdown: md.String()}
}

func indent(code string) string {
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "    " + l
		}
	}
	return strings.Join(lines, "\n")
}

// pascalCase turns "dynamic-key" into "DynamicKey".
func pascalCase(id string) string {
	var b strings.Builder
	upper := true
	for _, r := range id {
		if r == '-' || r == '_' || r == ' ' || r == '.' {
			upper = true
			continue
		}
		if upper && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		upper = false
		b.WriteRune(r)
	}
	return b.String()
}

func level(s analyzer.Severity) string {
	switch s {
	case analyzer.SeverityError:
		return "error"
	case analyzer.SeverityWarning:
		return "warning"
	}
	return "note"
}

// semverRE matches a semantic version with an optional leading "v". It is
// compiled on first use rather than at the start-up of every run.
var semverRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$`)
})

// semanticVersion returns v without a leading "v" when it is a semantic
// version, else "".
func semanticVersion(v string) string {
	if m := semverRE().FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return ""
}

// srcRoot describes %SRCROOT%: BaseDir as an absolute file URI ending in
// a slash, or a description when no BaseDir was given.
func (b *builder) srcRoot() ArtifactLocation {
	if b.absBase == "" {
		return ArtifactLocation{Description: &Message{Text: "the directory redis-lua-lint was run from"}}
	}
	return ArtifactLocation{URI: fileURI(b.absBase) + "/"}
}

// artifact returns the location of a file: relative to %SRCROOT% when it
// is inside it, else an absolute file URI.
func (b *builder) artifact(path string) ArtifactLocation {
	p := filepath.FromSlash(path)
	if b.absBase != "" {
		ap := p
		if !filepath.IsAbs(ap) {
			var err error
			if ap, err = b.abs(ap); err != nil {
				return ArtifactLocation{URI: encodePath(filepath.ToSlash(p)), URIBaseID: SRCROOT}
			}
		}
		rel, err := filepath.Rel(b.absBase, ap)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return ArtifactLocation{URI: fileURI(ap)}
		}
		p = rel
	} else if filepath.IsAbs(p) {
		return ArtifactLocation{URI: fileURI(p)}
	}
	return ArtifactLocation{URI: encodePath(filepath.ToSlash(filepath.Clean(p))), URIBaseID: SRCROOT}
}

// abs is filepath.Abs(p) for a relative p, with the working directory
// asked once.
func (b *builder) abs(p string) (string, error) {
	if runtime.GOOS == "windows" {
		return filepath.Abs(p) // drive-relative paths need the system's rules
	}
	wd, err := b.getwd()
	if err != nil {
		return "", err
	}
	return filepath.Join(wd, p), nil
}

// fileURI returns the file:// URI of an absolute path.
func fileURI(abs string) string {
	s := filepath.ToSlash(abs)
	if !strings.HasPrefix(s, "/") {
		s = "/" + s // a Windows drive path: file:///C:/...
	}
	// A drive letter's colon stays as is, as in every file URI.
	if len(s) >= 3 && s[2] == ':' {
		return "file:///" + s[1:3] + encodePath(s[3:])
	}
	return "file://" + encodePath(s)
}

// encodePath percent-encodes a slash-separated path for a URI: everything
// but unreserved characters, sub-delimiters, '@' and '/' is encoded
// (':' included, so a relative URI never looks like it has a scheme).
func encodePath(p string) string {
	const hex = "0123456789ABCDEF"
	var b []byte
	for i := range len(p) {
		c := p[i]
		if isURIPathChar(c) {
			if b != nil {
				b = append(b, c)
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(p)+8), p[:i]...)
		}
		b = append(b, '%', hex[c>>4], hex[c&0xF])
	}
	if b == nil {
		return p
	}
	return string(b)
}

func isURIPathChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=@/", c) >= 0
}

// fileState is what results of one file share.
type fileState struct {
	r     *lint.FileResult
	lines *luaast.LineIndex
	art   ArtifactLocation
	// occurrences counts findings per rule and normalised line text.
	occurrences map[occurrenceKey]int
	// lastLine and lastText cache the normalised text of the line last
	// looked up, as findings often share a line.
	lastLine int
	lastText string
}

func (b *builder) file(r *lint.FileResult) fileState {
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	return fileState{r: r, lines: lines, art: b.artifact(r.Path), occurrences: map[occurrenceKey]int{}, lastLine: -1}
}

// result converts one diagnostic; diagnostics of a file must be converted
// in order, for the fingerprints' occurrence indexes.
func (b *builder) result(f *fileState, d *analyzer.Diagnostic) Result {
	lines, art := f.lines, f.art
	res := Result{
		RuleID:    d.RuleID,
		RuleIndex: b.ruleIndex[d.RuleID],
		Level:     level(d.Severity),
	}
	if st := b.stream; st != nil {
		st.physical = PhysicalLocation{ArtifactLocation: art}
		if lines != nil {
			st.region = regionOf(lines, d.Span)
			st.physical.Region = &st.region
		}
		st.locations[0] = Location{PhysicalLocation: &st.physical}
		res.Locations = st.locations[:]
	} else {
		res.Locations = []Location{{PhysicalLocation: &PhysicalLocation{ArtifactLocation: art, Region: region(lines, d.Span)}}}
	}
	msg := escapeMessage(d.Message)
	if len(d.Related) > 0 {
		var sb strings.Builder
		sb.WriteString(msg)
		sb.WriteString(" (see ")
		res.RelatedLocations = make([]Location, 0, len(d.Related))
		for k, rel := range d.Related {
			text := rel.Message
			if text == "" {
				text = "related location"
			}
			if k > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("[" + escapeLinkText(text) + "](" + strconv.Itoa(k+1) + ")")
			res.RelatedLocations = append(res.RelatedLocations, Location{
				ID:               k + 1,
				PhysicalLocation: &PhysicalLocation{ArtifactLocation: art, Region: region(lines, rel.Span)},
				Message:          &Message{Text: text},
			})
		}
		sb.WriteString(")")
		msg = sb.String()
	}
	res.Message = Message{Text: msg}

	lineText := ""
	if lines != nil {
		n := lines.Position(d.Span.Start).Line
		if n != f.lastLine {
			b.scratch = appendNormalizedSpace(b.scratch[:0], lineOf(f.r.Src, lines, n))
			f.lastLine, f.lastText = n, string(b.scratch)
		}
		lineText = f.lastText
	}
	key := occurrenceKey{d.RuleID, lineText}
	n := f.occurrences[key]
	f.occurrences[key] = n + 1
	b.scratch = appendFingerprintInput(b.scratch[:0], d.RuleID, art.URI, lineText, n)
	sum := sha256.Sum256(b.scratch)
	// hex.EncodeToString would allocate twice.
	var digest [2 * sha256.Size]byte
	hex.Encode(digest[:], sum[:])
	if st := b.stream; st != nil {
		st.fingerprints[FingerprintKey] = string(digest[:])
		res.PartialFingerprints = st.fingerprints
	} else {
		res.PartialFingerprints = map[string]string{FingerprintKey: string(digest[:])}
	}

	for _, fx := range d.Fixes {
		if lines == nil || len(fx.Edits) == 0 {
			continue
		}
		change := ArtifactChange{ArtifactLocation: art}
		for _, e := range fx.Edits {
			rep := Replacement{DeletedRegion: *region(lines, e.Span)}
			if e.NewText != "" {
				rep.InsertedContent = &ArtifactContent{Text: e.NewText}
			}
			change.Replacements = append(change.Replacements, rep)
		}
		fix := Fix{ArtifactChanges: []ArtifactChange{change}, Properties: &FixProperties{Safe: fx.Safe}}
		if fx.Message != "" {
			fix.Description = &Message{Text: fx.Message}
		}
		res.Fixes = append(res.Fixes, fix)
	}
	return res
}

// occurrenceKey groups the findings of a file whose fingerprints would
// otherwise be equal.
type occurrenceKey struct{ rule, lineText string }

// appendFingerprintInput appends what FingerprintKey's sha256 is taken
// of (internal/fingerprint, shared with the GitLab report).
func appendFingerprintInput(dst []byte, rule, uri, lineText string, occurrence int) []byte {
	return fingerprint.AppendInput(dst, rule, uri, lineText, occurrence)
}

// region converts a span to line:column in UTF-16 code units; nil when
// the source is unknown.
func region(lines *luaast.LineIndex, s luaast.Span) *Region {
	if lines == nil {
		return nil
	}
	r := regionOf(lines, s)
	return &r
}

// regionOf is region for a known source.
func regionOf(lines *luaast.LineIndex, s luaast.Span) Region {
	start, end := s.Start, s.End
	if end < start {
		end = start
	}
	a, e := lines.Position(start), lines.Position(end)
	return Region{
		StartLine:   a.Line,
		StartColumn: lines.UTF16Column(start),
		EndLine:     e.Line,
		EndColumn:   lines.UTF16Column(end),
	}
}

// lineOf returns 1-based line n of src without its break.
func lineOf(src []byte, lines *luaast.LineIndex, n int) []byte {
	return fingerprint.Line(src, lines, n)
}

// appendNormalizedSpace appends s with runs of white space collapsed to
// one space and the ends trimmed, so re-indenting a line keeps its
// fingerprint.
func appendNormalizedSpace(b, s []byte) []byte {
	return fingerprint.AppendNormalizedSpace(b, s)
}

// escapeMessage escapes the brackets of a message that would otherwise be
// read as an embedded link "[text](id)"; other messages are left alone
// (a backslash-escaped "KEYS\[1\]" would be shown as is by some viewers).
func escapeMessage(s string) string {
	if !strings.Contains(s, "](") {
		return s
	}
	return escapeLinkText(s)
}

var linkTextEscaper = strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`)

func escapeLinkText(s string) string {
	if !strings.ContainsAny(s, `[]\`) {
		return s
	}
	return linkTextEscaper.Replace(s)
}
