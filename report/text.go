package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TextOptions configures Text.
type TextOptions struct {
	// Color enables ANSI colours. The caller decides (terminal detection,
	// NO_COLOR, --color); Text never looks at the environment.
	Color bool
	// Quiet omits the closing summary line.
	Quiet bool
}

// Text writes results for a person to read, one block per diagnostic,
// compiler style:
//
//	path/to/file.lua:16:20: error: key built by concatenation: pass the whole key in KEYS [dynamic-key]
//	   |
//	16 | redis.call('INCR', 'rate:' .. user)
//	   |                    ^~~~~~~~~~~~~~~
//
// followed by each related location as a "note:" with its own snippet,
// each suggested fix as a "= help:" line, and a blank line. Line:column
// are 1-based and the column counts bytes, as in JSON output and the Go
// toolchain. The snippet is shown per character: wide characters take two
// columns, tabs are expanded to stops of 4 in both lines, controls and
// bidi characters are replaced so they cannot disturb the terminal. A span
// over several lines is underlined to the end of its first line. A file
// that could not be checked prints as "path: error: <err>". Unless
// opts.Quiet, a closing line gives the Summary.
func Text(w io.Writer, results []analyzer.FileResult, opts TextOptions) error {
	s := NewTextStream(w, opts)
	for i := range results {
		if err := s.File(&results[i]); err != nil {
			return err
		}
	}
	return s.Close()
}

// textStream is the Stream of Text.
type textStream struct {
	p       *textPrinter
	quiet   bool
	summary Summary
}

// NewTextStream returns a Stream writing what Text writes.
func NewTextStream(w io.Writer, opts TextOptions) Stream {
	return &textStream{p: newTextPrinter(w, opts.Color), quiet: opts.Quiet}
}

func (s *textStream) File(r *analyzer.FileResult) error {
	addFile(&s.summary, r)
	return s.p.file(r)
}

func (s *textStream) Close() error {
	p := s.p
	if !s.quiet {
		p.buf = append(p.buf, s.summary.String()...)
		p.buf = append(p.buf, '\n')
	}
	return p.flushBuf()
}

// style is an ANSI colour as the bytes to write before and after the
// coloured text; the zero style writes nothing.
type style struct{ on, off string }

// newStyle takes the escape sequences from a fatih/color instance of its
// own, forced on, so neither color.NoColor nor the environment matter and
// nothing global is touched.
func newStyle(enabled bool, attrs ...color.Attribute) style {
	if !enabled {
		return style{}
	}
	c := color.New(attrs...)
	c.EnableColor()
	s := c.Sprint("\x00")
	i := strings.IndexByte(s, 0)
	if i < 0 {
		return style{}
	}
	return style{on: s[:i], off: s[i+1:]}
}

func (s style) appendString(dst []byte, text string) []byte {
	dst = appendEscape(dst, s.on)
	dst = append(dst, text...)
	return appendEscape(dst, s.off)
}

// appendEscape appends an escape sequence of a style. Without colour
// (the common case when the output is not a terminal) it is empty, and
// testing for that is cheaper than appending nothing: a report has about
// a dozen such sequences per finding.
func appendEscape(dst []byte, esc string) []byte {
	if esc == "" {
		return dst
	}
	return append(dst, esc...)
}

type textPrinter struct {
	// buf collects the report and goes to w whenever it holds flushAt
	// bytes (and at Close). It is the only buffer: building the text in
	// one buffer and copying it into a bufio.Writer moved every byte twice.
	w   io.Writer
	buf []byte
	// lastPath and safePath cache the escaped form of the path of the file
	// being printed, which heads each of its findings; lastRule and
	// safeRule do the same for the last rule ID.
	lastPath string
	safePath []byte
	lastRule string
	safeRule []byte
	// cursor resolves the offsets of the file being printed.
	cursor lineCursor
	// plainLine is the 1-based line of the file being printed last found
	// to be all printable ASCII (0: none): a line is often shown for
	// several findings, and such a line is shown as is.
	plainLine int
	// blank is what gutterBlank writes for a gutter of blankWidth digits.
	blank      []byte
	blankWidth int
	// sev is indexed by severity (an unknown severity uses info's).
	sev                   [4]style
	path, rule, gutter    style
	note, help, secondary style
}

func newTextPrinter(w io.Writer, on bool) *textPrinter {
	// A short report (one file, the pre-commit case) fits in a small
	// buffer: a large allocation costs a run that prints a few lines
	// more than printing them (see maybeFlush for the full size).
	p := &textPrinter{w: w, buf: make([]byte, 0, smallBuf)}
	p.sev[analyzer.SeverityError] = newStyle(on, color.FgRed, color.Bold)
	p.sev[analyzer.SeverityWarning] = newStyle(on, color.FgYellow, color.Bold)
	p.sev[analyzer.SeverityInfo] = newStyle(on, color.FgCyan, color.Bold)
	p.sev[0] = p.sev[analyzer.SeverityInfo]
	p.path = newStyle(on, color.Bold)
	p.rule = newStyle(on, color.Faint)
	p.gutter = newStyle(on, color.FgBlue, color.Bold)
	p.note = newStyle(on, color.Bold)
	p.help = newStyle(on, color.FgGreen, color.Bold)
	p.secondary = newStyle(on, color.FgBlue, color.Bold)
	return p
}

func (p *textPrinter) sevStyle(s analyzer.Severity) style {
	if s < 0 || int(s) >= len(p.sev) {
		return p.sev[0]
	}
	return p.sev[s]
}

// flushAt is the size at which the buffered report is written out.
const flushAt = 64 << 10

// flushBuf writes out and empties the buffered report.
func (p *textPrinter) flushBuf() error {
	if len(p.buf) == 0 {
		return nil
	}
	_, err := p.w.Write(p.buf)
	p.buf = p.buf[:0]
	if err != nil {
		return fmt.Errorf("writing text report: %w", err)
	}
	return nil
}

// smallBuf is the first capacity of the buffered report.
const smallBuf = 8 << 10

// maybeFlush writes out the buffered report once it is large. A report
// that outgrows half of the first buffer moves to one of the full size
// at once, rather than through every doubling in between.
func (p *textPrinter) maybeFlush() error {
	if len(p.buf) < flushAt {
		if len(p.buf) >= smallBuf/2 && cap(p.buf) < flushAt {
			p.buf = append(make([]byte, 0, flushAt+4<<10), p.buf...)
		}
		return nil
	}
	return p.flushBuf()
}

func (p *textPrinter) file(r *analyzer.FileResult) error {
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	if lines != nil {
		p.cursor.reset(lines)
	} else {
		// Nothing of an earlier file's index (which its caller may
		// reuse once printed: analyzer.Engine.CheckStreamRecycling).
		p.cursor = lineCursor{}
	}
	p.plainLine = 0
	// The rule ID cache is compared by content: it must not refer to a
	// string of an earlier file, whose memory the caller may reuse once
	// the file is printed (rule IDs are constants today; this keeps the
	// printer right should one ever come from a source).
	p.lastRule = ""
	if r.Err != nil {
		p.buf = appendEscape(p.buf, p.path.on)
		p.buf = appendSafe(p.buf, r.Path)
		p.buf = appendEscape(p.buf, p.path.off)
		p.buf = append(p.buf, ": "...)
		p.buf = p.sev[analyzer.SeverityError].appendString(p.buf, "error")
		p.buf = append(p.buf, ": "...)
		p.buf = appendSafe(p.buf, r.Err.Error())
		p.buf = append(p.buf, "\n\n"...)
		if err := p.maybeFlush(); err != nil {
			return err
		}
	}
	for i := range r.Diagnostics {
		p.diagnostic(r, lines, &r.Diagnostics[i])
		if err := p.maybeFlush(); err != nil {
			return err
		}
	}
	return nil
}

// location is a span resolved against its file.
type location struct {
	start, end luaast.Pos
	pos        luaast.Position // of start
	endLine    int
}

// resolve clamps s to the source (a rule bug must not make the printer
// draw a billion-column underline) and resolves its start.
func resolve(c *lineCursor, s luaast.Span) location {
	lines := c.lines
	start := min(max(s.Start, 0), c.size)
	end := min(max(s.End, start), c.size)
	l := location{start: start, end: end, pos: c.position(start)}
	// Most spans end on their first line: checking that against the next
	// line's start saves a second binary search over the line starts.
	if l.pos.Line >= lines.LineCount() || end < lines.LineStart(l.pos.Line+1) {
		l.endLine = l.pos.Line
	} else {
		l.endLine = lines.Position(end).Line
	}
	return l
}

func (p *textPrinter) diagnostic(r *analyzer.FileResult, lines *luaast.LineIndex, d *analyzer.Diagnostic) {
	sev := p.sevStyle(d.Severity)
	if lines == nil {
		// No source to point into: the header alone, without position.
		p.header(r.Path, nil, sev, severityName(d.Severity), d.Message)
		p.ruleID(d.RuleID)
		for _, rel := range d.Related {
			p.header(r.Path, nil, p.note, "note", rel.Message)
			p.buf = append(p.buf, '\n')
		}
		for i := range d.Fixes {
			p.fix(r.Src, 0, &d.Fixes[i])
		}
		p.buf = append(p.buf, '\n')
		return
	}
	primary := resolve(&p.cursor, d.Span)
	gw := digits(primary.pos.Line)
	for _, rel := range d.Related {
		if n := digits(p.cursor.position(rel.Span.Start).Line); n > gw {
			gw = n
		}
	}
	p.header(r.Path, &primary.pos, sev, severityName(d.Severity), d.Message)
	p.ruleID(d.RuleID)
	p.snippet(r.Src, lines, primary, gw, sev, '^', '~')
	for _, rel := range d.Related {
		loc := resolve(&p.cursor, rel.Span)
		msg := rel.Message
		if msg == "" {
			msg = "related location"
		}
		p.header(r.Path, &loc.pos, p.note, "note", msg)
		p.buf = append(p.buf, '\n')
		p.snippet(r.Src, lines, loc, gw, p.secondary, '-', '-')
	}
	for i := range d.Fixes {
		p.fix(r.Src, gw, &d.Fixes[i])
	}
	p.buf = append(p.buf, '\n')
}

// header writes "path:line:col: word: message" (without a line break).
func (p *textPrinter) header(path string, pos *luaast.Position, word style, name, msg string) {
	p.buf = appendEscape(p.buf, p.path.on)
	if path != p.lastPath || p.safePath == nil {
		p.lastPath, p.safePath = path, appendSafe(p.safePath[:0], path)
	}
	p.buf = append(p.buf, p.safePath...)
	if pos != nil {
		p.buf = append(p.buf, ':')
		p.buf = strconv.AppendInt(p.buf, int64(pos.Line), 10)
		p.buf = append(p.buf, ':')
		p.buf = strconv.AppendInt(p.buf, int64(pos.Column), 10)
	}
	p.buf = appendEscape(p.buf, p.path.off)
	p.buf = append(p.buf, ": "...)
	p.buf = word.appendString(p.buf, name)
	p.buf = append(p.buf, ": "...)
	p.buf = appendSafe(p.buf, msg)
}

func (p *textPrinter) ruleID(id string) {
	if id != "" {
		p.buf = append(p.buf, ' ')
		p.buf = appendEscape(p.buf, p.rule.on)
		p.buf = append(p.buf, '[')
		if id != p.lastRule || p.safeRule == nil {
			p.lastRule, p.safeRule = id, appendSafe(p.safeRule[:0], id)
		}
		p.buf = append(p.buf, p.safeRule...)
		p.buf = append(p.buf, ']')
		p.buf = appendEscape(p.buf, p.rule.off)
	}
	p.buf = append(p.buf, '\n')
}

// gutterBlank writes the gutter of a line without a number: gw+1 spaces
// and a bar.
func (p *textPrinter) gutterBlank(gw int) {
	// Each snippet has two such gutters, nearly always of the width of
	// the one before: build it once per width and copy it.
	if gw != p.blankWidth || p.blank == nil {
		p.blankWidth = gw
		p.blank = appendEscape(p.blank[:0], p.gutter.on)
		p.blank = appendSpaces(p.blank, gw+1)
		p.blank = append(p.blank, '|')
		p.blank = appendEscape(p.blank, p.gutter.off)
	}
	p.buf = append(p.buf, p.blank...)
}

// snippet writes the first line of loc with an underline beneath the
// span (to the end of that line when the span goes on).
func (p *textPrinter) snippet(src []byte, lines *luaast.LineIndex, loc location, gw int, st style, first, rest byte) {
	line := lineBytes(src, lines, loc.pos.Line)
	a := int(loc.start - lines.LineStart(loc.pos.Line))
	b := int(loc.end - lines.LineStart(loc.pos.Line))
	if loc.endLine != loc.pos.Line {
		b = len(line)
	}
	p.gutterBlank(gw)
	p.buf = append(p.buf, '\n')

	p.buf = appendEscape(p.buf, p.gutter.on)
	n := digits(loc.pos.Line)
	p.buf = appendSpaces(p.buf, gw-n)
	p.buf = strconv.AppendInt(p.buf, int64(loc.pos.Line), 10)
	p.buf = append(p.buf, " |"...)
	p.buf = appendEscape(p.buf, p.gutter.off)
	mark := len(p.buf)
	p.buf = append(p.buf, ' ')
	var ca, cb int
	if p.plainLine == loc.pos.Line || len(line) <= maxLineBytes && printableRun(line, 0) == len(line) {
		p.plainLine = loc.pos.Line
		p.buf, ca, cb = appendPlain(p.buf, line, a, b)
	} else {
		p.buf, ca, cb = appendWindow(p.buf, line, a, b)
	}
	if len(p.buf) == mark+1 {
		p.buf = p.buf[:mark] // an empty line: no trailing space
	}
	p.buf = append(p.buf, '\n')

	if cb <= ca {
		cb = ca + 1 // an empty span still gets a caret
	}
	p.gutterBlank(gw)
	p.buf = append(p.buf, ' ')
	p.buf = appendSpaces(p.buf, ca)
	p.buf = appendEscape(p.buf, st.on)
	p.buf = append(p.buf, first)
	p.buf = appendRepeat(p.buf, rest, cb-ca-1)
	p.buf = appendEscape(p.buf, st.off)
	p.buf = append(p.buf, '\n')
}

// appendPlain is appendDisplay (and appendWindow) for a line of at most
// maxLineBytes bytes, all printable ASCII: one byte per column, so the
// line is copied as is and a and b are their own columns (a negative
// offset counts as the line start, as in appendDisplay, unless the line
// is empty). TestAppendPlain compares the two.
func appendPlain(dst, line []byte, a, b int) ([]byte, int, int) {
	if len(line) > 0 {
		a, b = max(a, 0), max(b, 0)
	}
	return append(dst, line...), a, b
}

// Long lines (minified scripts, generated code) are shown as a window
// around the span, with "…" marking what was cut.
const (
	maxLineBytes = 200 // longer lines are cut
	windowBefore = 60  // bytes kept before the span start
)

// appendWindow is appendDisplay for a line that may be too long to show
// whole. Tab stops are counted from the window start, consistently for
// the line and its underline.
func appendWindow(dst, line []byte, a, b int) ([]byte, int, int) {
	if len(line) <= maxLineBytes {
		return appendDisplay(dst, line, a, b)
	}
	// Cut on character boundaries: at most 3 bytes away, whatever the
	// bytes are (invalid UTF-8 may be all continuation bytes).
	wa := min(max(a-windowBefore, 0), len(line))
	for k := 0; k < utf8.UTFMax-1 && wa > 0 && wa < len(line) && !utf8.RuneStart(line[wa]); k++ {
		wa++
	}
	wb := min(wa+maxLineBytes, len(line))
	for k := 0; k < utf8.UTFMax-1 && wb > wa && wb < len(line) && !utf8.RuneStart(line[wb]); k++ {
		wb--
	}
	shift := 0
	if wa > 0 {
		dst = append(dst, "…"...)
		shift = 1
	}
	b = min(b, wb)
	dst, ca, cb := appendDisplay(dst, line[wa:wb], a-wa, b-wa)
	if wb < len(line) {
		dst = append(dst, "…"...)
	}
	return dst, ca + shift, cb + shift
}

// fix writes "= help: message" under the gutter.
func (p *textPrinter) fix(src []byte, gw int, f *analyzer.Fix) {
	p.buf = appendSpaces(p.buf, gw+1)
	p.buf = append(p.buf, "= "...)
	p.buf = p.help.appendString(p.buf, "help")
	p.buf = append(p.buf, ": "...)
	p.buf = appendSafe(p.buf, describeFix(src, f))
	p.buf = append(p.buf, '\n')
}

// describeFix returns the fix's message, or when it has none a
// description of its single edit.
func describeFix(src []byte, f *analyzer.Fix) string {
	if f.Message != "" {
		return f.Message
	}
	if len(f.Edits) != 1 {
		return fmt.Sprintf("apply the suggested fix (%d edits)", len(f.Edits))
	}
	e := f.Edits[0]
	old := ""
	if e.Span.Start >= 0 && e.Span.Start <= e.Span.End && int(e.Span.End) <= len(src) {
		old = string(src[e.Span.Start:e.Span.End])
	}
	switch {
	case old == "" && e.NewText == "":
		return "apply the suggested fix"
	case old == "":
		return "insert " + quoteCode(e.NewText)
	case e.NewText == "":
		return "remove " + quoteCode(old)
	}
	return "replace " + quoteCode(old) + " with " + quoteCode(e.NewText)
}

// quoteCode quotes a short piece of code for a message, shortening long
// or multi-line text.
func quoteCode(s string) string {
	const maxLen = 40
	s = strings.TrimRight(s, "\r\n") // a whole line: no need to say so
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i] + "…"
	}
	if len(s) > maxLen {
		cut := maxLen
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut-- // do not split a UTF-8 sequence
		}
		s = s[:cut] + "…"
	}
	return "`" + s + "`"
}

// lineBytes returns 1-based line n of src without its break, without
// copying.
func lineBytes(src []byte, lines *luaast.LineIndex, n int) []byte {
	start := int(lines.LineStart(n))
	end := len(src)
	if n < lines.LineCount() {
		end = int(lines.LineStart(n + 1))
	}
	if start > len(src) {
		start = len(src)
	}
	if end > len(src) {
		end = len(src)
	}
	for end > start && (src[end-1] == '\n' || src[end-1] == '\r') {
		end--
	}
	return src[start:end]
}

func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

func appendSpaces(dst []byte, n int) []byte { return appendRepeat(dst, ' ', n) }

// Runs of the bytes appendRepeat is asked for: gutters (spaces) and
// underlines (tildes, dashes).
const (
	spaceRun = "                                                                "
	tildeRun = "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"
	dashRun  = "----------------------------------------------------------------"
)

// appendRepeat appends n copies of c. Gutters and underlines are runs of
// one byte, a few to a few dozen long: copying them from a constant run
// (one memmove) beats filling byte by byte. Other bytes, and what does
// not fit in a run, are filled.
func appendRepeat(dst []byte, c byte, n int) []byte {
	if n <= 0 {
		return dst
	}
	var run string
	switch c {
	case ' ':
		run = spaceRun
	case '~':
		run = tildeRun
	case '-':
		run = dashRun
	}
	if n <= len(run) {
		return append(dst, run[:n]...)
	}
	dst = slices.Grow(dst, n)
	tail := dst[len(dst) : len(dst)+n]
	for i := range tail {
		tail[i] = c
	}
	return dst[:len(dst)+n]
}

// lineCursor resolves offsets of one file to positions. The findings of
// a file come sorted by position, so the line of the next offset is
// usually the line of the previous one or a few lines on: walking
// forward from there is cheaper than a binary search over all line
// starts, which remains the fallback for a jump back or far ahead.
// TestLineCursor compares it with LineIndex.Position.
type lineCursor struct {
	lines *luaast.LineIndex
	line  int        // 1-based line of the last offset resolved
	count int        // lines.LineCount()
	size  luaast.Pos // the length of the source
}

// maxCursorSteps bounds the forward walk before falling back to Position.
const maxCursorSteps = 16

func (c *lineCursor) reset(lines *luaast.LineIndex) {
	c.lines, c.line, c.count = lines, 1, lines.LineCount()
	c.size = lines.LineStart(c.count + 1)
}

// position is c.lines.Position(off).
func (c *lineCursor) position(off luaast.Pos) luaast.Position {
	off = min(max(off, 0), c.size)
	if off < c.lines.LineStart(c.line) {
		pos := c.lines.Position(off)
		c.line = pos.Line
		return pos
	}
	for k := 0; c.line < c.count && c.lines.LineStart(c.line+1) <= off; k++ {
		if k == maxCursorSteps {
			pos := c.lines.Position(off)
			c.line = pos.Line
			return pos
		}
		c.line++
	}
	return luaast.Position{Offset: off, Line: c.line, Column: int(off-c.lines.LineStart(c.line)) + 1}
}
