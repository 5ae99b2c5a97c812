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
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TextOptions configures Text.
type TextOptions struct {
	// Color enables ANSI colours. The caller decides (terminal detection,
	// NO_COLOR, --color); Text never looks at the environment.
	Color bool
	// Quiet omits the closing summary line (and the idiom notes before it).
	Quiet bool
	// Rules are the rules whose Idioms the closing lines name: when a run
	// has at least analyzer.IdiomThreshold findings of one idiom, a line
	// before the summary says once which option accepts it and why. Nil:
	// no such lines.
	Rules []*analyzer.Rule
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
func Text(w io.Writer, results []lint.FileResult, opts TextOptions) error {
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
	idioms  idiomCounts
}

// NewTextStream returns a Stream writing what Text writes.
func NewTextStream(w io.Writer, opts TextOptions) Stream {
	return &textStream{p: newTextPrinter(w, opts.Color), quiet: opts.Quiet, idioms: newIdiomCounts(opts.Rules)}
}

func (s *textStream) File(r *lint.FileResult) error {
	addFile(&s.summary, r)
	s.idioms.add(r.Diagnostics)
	return s.p.file(r)
}

func (s *textStream) Close() error {
	p := s.p
	if !s.quiet {
		p.buf = s.idioms.appendNotes(p.buf)
		p.buf = append(p.buf, s.summary.String()...)
		p.buf = append(p.buf, '\n')
	}
	return p.flushBuf()
}

// idiomCounts counts the findings of each rule's idioms over a run.
type idiomCounts struct {
	byRule map[string][]analyzer.Idiom
	rules  []string // rule IDs with idioms, in the order given
	counts map[string][]int
}

func newIdiomCounts(rules []*analyzer.Rule) idiomCounts {
	c := idiomCounts{}
	for _, r := range rules {
		if len(r.Idioms) == 0 {
			continue
		}
		if c.byRule == nil {
			c.byRule, c.counts = map[string][]analyzer.Idiom{}, map[string][]int{}
		}
		if _, dup := c.byRule[r.ID]; !dup {
			c.rules = append(c.rules, r.ID)
		}
		c.byRule[r.ID] = r.Idioms
		c.counts[r.ID] = make([]int, len(r.Idioms))
	}
	return c
}

// add counts the idioms of diags (one idiom per finding, the first that
// matches).
func (c *idiomCounts) add(diags []analyzer.Diagnostic) {
	if c.byRule == nil {
		return
	}
	for i := range diags {
		d := &diags[i]
		for j, id := range c.byRule[d.RuleID] {
			if strings.Contains(d.Message, id.Marker) {
				c.counts[d.RuleID][j]++
				break
			}
		}
	}
}

// appendNotes appends a line for every idiom with at least
// analyzer.IdiomThreshold findings: "note: 12 dynamic-key findings build
// keys from ...: <advice>".
func (c *idiomCounts) appendNotes(dst []byte) []byte {
	for _, id := range c.rules {
		for j, idiom := range c.byRule[id] {
			n := c.counts[id][j]
			if n < analyzer.IdiomThreshold {
				continue
			}
			dst = append(dst, "note: "...)
			dst = strconv.AppendInt(dst, int64(n), 10)
			dst = append(dst, ' ')
			dst = append(dst, id...)
			dst = append(dst, " findings "...)
			dst = append(dst, idiom.Name...)
			dst = append(dst, ": "...)
			dst = append(dst, idiom.Advice...)
			dst = append(dst, '\n')
		}
	}
	return dst
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
	// lastPath and pathHead cache the escaped form of the path of the
	// file being printed, which heads each of its findings (pathHead is
	// the path's colour and the escaped path).
	lastPath string
	pathHead []byte
	// rules caches the " [rule-id]" ends of header lines (see ruleID).
	rules [ruleSlots]ruleEnd
	// cursor resolves the offsets of the file being printed.
	cursor lineCursor
	// plainLine is the 1-based line of the file being printed last found
	// to be all printable ASCII (0: none): a line is often shown for
	// several findings, and such a line is shown as is.
	plainLine int
	// shown locates, in buf, the top of the last snippet of a plain line
	// (see snippet).
	shown shownLine
	// gutterWidth is the gutter width of the pieces in g (see setGutter),
	// each written as one copy; gutters holds them by width.
	gutterWidth int
	g           *gutterPieces
	gutters     [maxGutterCache + 1]gutterPieces
	// sevHead holds, by severity (as sev), what comes between a header's
	// position and its message: ": error: " and the colours; noteHead is
	// the same for notes.
	sevHead  [4][]byte
	noteHead []byte
	// barEnd ends the gutter of a numbered line: " | ".
	barEnd []byte
	// sev is indexed by severity (an unknown severity uses info's).
	sev                   [4]style
	path, rule, gutter    style
	note, help, secondary style
	// noReuse turns off the reuse of snippet tops (tests compare the
	// output with and without it).
	noReuse bool
}

// gutterPieces are the parts of snippets and fixes that depend on the
// gutter width only.
type gutterPieces struct {
	width int
	// blank is the gutter of a line without a number: width+1 spaces and
	// a bar.
	blank []byte
	// snipHead is blank, a line break and the colour of the line number;
	// snipUnder is a line break, blank and a space: what comes before the
	// line number and before the underline.
	snipHead, snipUnder []byte
	// helpHead is what comes before a fix's message: "   = help: ".
	helpHead []byte
}

// maxGutterCache is the widest gutter whose pieces are kept: a report
// alternates between short and longer files (1 and 2 or 3 digits), and
// rebuilding the pieces at each change cost more than keeping them.
const maxGutterCache = 7

// ruleEnd is a rule ID and the end of the header lines of its findings:
// " [rule-id]" with its colour and a line break.
type ruleEnd struct {
	id  string
	end []byte
}

// ruleSlots is the size of the rule cache: a report mixes a few dozen
// rules, and each finding's rule is looked up in one slot.
const ruleSlots = 32

// shownLine locates the top of the last snippet of a plain line in buf:
// buf[start:end] holds its blank gutter, numbered gutter and line up to
// the underline's gutter, for the line of the file being printed and the
// gutter width given (line 0: none).
type shownLine struct {
	line, width int
	start, end  int
	// size is the line's length in bytes.
	size int
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
	// The fixed pieces of every finding, each written as one copy rather
	// than as several appends and colour tests per finding.
	for i := range p.sev {
		p.sevHead[i] = p.appendHead(nil, p.sev[i], severityName(analyzer.Severity(i)))
	}
	p.noteHead = p.appendHead(nil, p.note, "note")
	p.barEnd = appendEscape(append([]byte(nil), " |"...), p.gutter.off)
	p.barEnd = append(p.barEnd, ' ')
	p.setGutter(1)
	return p
}

// appendHead appends what a header has between the position and the
// message: the end of the path's colour, ": ", word's name in its
// colour and ": ".
func (p *textPrinter) appendHead(dst []byte, word style, name string) []byte {
	dst = appendEscape(dst, p.path.off)
	dst = append(dst, ": "...)
	dst = word.appendString(dst, name)
	return append(dst, ": "...)
}

// setGutter makes p.g the gutter pieces for a gutter of gw digits,
// building them unless kept from an earlier finding.
func (p *textPrinter) setGutter(gw int) {
	p.gutterWidth = gw
	k := min(max(gw, 0), maxGutterCache)
	g := &p.gutters[k]
	p.g = g
	if g.blank != nil && g.width == gw {
		return
	}
	g.width = gw
	g.blank = appendEscape(g.blank[:0], p.gutter.on)
	g.blank = appendSpaces(g.blank, gw+1)
	g.blank = append(g.blank, '|')
	g.blank = appendEscape(g.blank, p.gutter.off)
	g.snipHead = append(g.snipHead[:0], g.blank...)
	g.snipHead = append(g.snipHead, '\n')
	g.snipHead = appendEscape(g.snipHead, p.gutter.on)
	g.snipUnder = append(g.snipUnder[:0], '\n')
	g.snipUnder = append(g.snipUnder, g.blank...)
	g.snipUnder = append(g.snipUnder, ' ')
	g.helpHead = appendSpaces(g.helpHead[:0], gw+1)
	g.helpHead = append(g.helpHead, "= "...)
	g.helpHead = p.help.appendString(g.helpHead, "help")
	g.helpHead = append(g.helpHead, ": "...)
}

// sevIndex returns the index of s in sev and sevHead: an unknown
// severity is shown as info.
func (p *textPrinter) sevIndex(s analyzer.Severity) int {
	if s < 0 || int(s) >= len(p.sev) {
		return 0
	}
	return int(s)
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
	p.shown = shownLine{} // what it located is gone
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

func (p *textPrinter) file(r *lint.FileResult) error {
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	if lines != nil {
		p.cursor.reset(lines)
	} else {
		// Nothing of an earlier file's index (which its caller need not
		// keep once it is printed).
		p.cursor = lineCursor{}
	}
	p.plainLine = 0
	p.shown = shownLine{} // of another file
	if r.Err != nil {
		p.header(r.Path, nil, p.sevHead[analyzer.SeverityError], r.Err.Error())
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

func (p *textPrinter) diagnostic(r *lint.FileResult, lines *luaast.LineIndex, d *analyzer.Diagnostic) {
	si := p.sevIndex(d.Severity)
	if lines == nil {
		// No source to point into: the header alone, without position.
		p.header(r.Path, nil, p.sevHead[si], d.Message)
		p.ruleID(d.RuleID)
		for _, rel := range d.Related {
			p.header(r.Path, nil, p.noteHead, rel.Message)
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
	if gw != p.gutterWidth {
		p.setGutter(gw)
	}
	p.header(r.Path, &primary.pos, p.sevHead[si], d.Message)
	p.ruleID(d.RuleID)
	p.snippet(r.Src, lines, &primary, gw, &p.sev[si], '^', '~')
	for _, rel := range d.Related {
		loc := resolve(&p.cursor, rel.Span)
		msg := rel.Message
		if msg == "" {
			msg = "related location"
		}
		p.header(r.Path, &loc.pos, p.noteHead, msg)
		p.buf = append(p.buf, '\n')
		p.snippet(r.Src, lines, &loc, gw, &p.secondary, '-', '-')
	}
	for i := range d.Fixes {
		p.fix(r.Src, gw, &d.Fixes[i])
	}
	p.buf = append(p.buf, '\n')
}

// header writes "path:line:col: word: message" (without a line break),
// head being what goes from the position to the message (sevHead,
// noteHead).
func (p *textPrinter) header(path string, pos *luaast.Position, head []byte, msg string) {
	if path != p.lastPath || p.pathHead == nil {
		p.lastPath = path
		p.pathHead = appendEscape(p.pathHead[:0], p.path.on)
		p.pathHead = appendSafe(p.pathHead, path)
	}
	b := p.buf
	b = append(b, p.pathHead...)
	if pos != nil {
		b = append(b, ':')
		b = appendDecimal(b, pos.Line)
		b = append(b, ':')
		b = appendDecimal(b, pos.Column)
	}
	b = append(b, head...)
	p.buf = appendSafe(b, msg)
}

// ruleID ends a header line: " [id]" (nothing for no ID) and a line
// break.
func (p *textPrinter) ruleID(id string) {
	if id == "" {
		p.buf = append(p.buf, '\n')
		return
	}
	// A report has findings of a few dozen rules, each ID heading many
	// of them: the end of the line is built once per ID, in a slot picked
	// by the ID's length and first and last bytes (a collision rebuilds
	// it). It is compared by content, and holds its own copy of the ID:
	// it must not refer to a string of an earlier file, whose memory the
	// caller may reuse once the file is printed.
	e := &p.rules[(len(id)*7+int(id[0])+int(id[len(id)-1])*3)&(ruleSlots-1)]
	if e.end == nil || e.id != id {
		e.id = strings.Clone(id)
		e.end = append(e.end[:0], ' ')
		e.end = appendEscape(e.end, p.rule.on)
		e.end = append(e.end, '[')
		e.end = appendSafe(e.end, id)
		e.end = append(e.end, ']')
		e.end = appendEscape(e.end, p.rule.off)
		e.end = append(e.end, '\n')
	}
	p.buf = append(p.buf, e.end...)
}

// snippet writes the first line of loc with an underline beneath the
// span (to the end of that line when the span goes on). The gutter
// pieces must be those of width gw (setGutter).
func (p *textPrinter) snippet(src []byte, lines *luaast.LineIndex, loc *location, gw int, st *style, first, rest byte) {
	lineStart := lines.LineStart(loc.pos.Line)
	a := int(loc.start - lineStart)
	b := int(loc.end - lineStart)
	var ca, cb int
	if sh := &p.shown; sh.line == loc.pos.Line && sh.width == gw && !p.noReuse {
		// The same plain line as the last snippet's, with the same gutter
		// (findings on one line come together): its top is in buf
		// already, and a copy of it is the same bytes. The columns are
		// appendPlain's.
		if loc.endLine != loc.pos.Line {
			b = sh.size
		}
		if sh.size > 0 {
			a, b = max(a, 0), max(b, 0)
		}
		ca, cb = a, b
		p.buf = append(p.buf, p.buf[sh.start:sh.end]...)
	} else {
		line := lineBytes(src, lines, loc.pos.Line)
		if loc.endLine != loc.pos.Line {
			b = len(line)
		}
		top := len(p.buf)
		p.buf = append(p.buf, p.g.snipHead...)
		p.buf = appendSpaces(p.buf, gw-digits(loc.pos.Line))
		p.buf = appendDecimal(p.buf, loc.pos.Line)
		p.buf = append(p.buf, p.barEnd...)
		mark := len(p.buf) - 1 // before the space after the bar
		plain := p.plainLine == loc.pos.Line || len(line) <= maxLineBytes && printableRun(line, 0) == len(line)
		if plain {
			p.plainLine = loc.pos.Line
			p.buf, ca, cb = appendPlain(p.buf, line, a, b)
		} else {
			p.buf, ca, cb = appendWindow(p.buf, line, a, b)
		}
		if len(p.buf) == mark+1 {
			p.buf = p.buf[:mark] // an empty line: no trailing space
		}
		p.buf = append(p.buf, p.g.snipUnder...)
		if plain {
			p.shown = shownLine{line: loc.pos.Line, width: gw, start: top, end: len(p.buf), size: len(line)}
		}
	}
	if cb <= ca {
		cb = ca + 1 // an empty span still gets a caret
	}
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
	if gw != p.gutterWidth {
		p.setGutter(gw)
	}
	p.buf = append(p.buf, p.g.helpHead...)
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

// appendDecimal is strconv.AppendInt(dst, n, 10), with the numbers of
// one or two digits (most lines and columns of a script; three per
// finding) appended without the call. TestAppendDecimal compares the two.
func appendDecimal(dst []byte, n int) []byte {
	if uint(n) < 10 {
		return append(dst, byte('0'+n))
	}
	if uint(n) < 100 {
		return append(dst, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(dst, int64(n), 10)
}

func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

// appendSpaces appends n spaces. (Gutters and the indent of underlines,
// a few per finding: written so that the compiler inlines the common
// case, a copy from spaceRun.)
func appendSpaces(dst []byte, n int) []byte {
	if uint(n) <= uint(len(spaceRun)) {
		return append(dst, spaceRun[:n]...)
	}
	return appendRepeat(dst, ' ', n)
}

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
