package rules

import (
	"hash/maphash"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// Messages interned per worker.
//
// Why: a finding's message is built per finding, yet most of them repeat,
// within a file and across files ("local 'i' is never read: rename it to
// '_'", the same wrong arity of the same command...): on a corpus of a
// thousand small scripts, the messages were a million bytes, of which a
// tenth were distinct. The CLI runs without the garbage collector, so
// every byte allocated is fresh memory the kernel must fault in. A worker
// therefore keeps the messages it has built in a table, and a message
// built again is looked up there (the lookup hashes the bytes, built in
// the table's reused buffer, which costs less than allocating them) and
// shared.
//
// The table is a memo of text, not of analysis: a message is a function
// of its bytes alone, and strings are immutable, so sharing one across
// findings and files cannot change any result. It holds no syntax node
// and nothing of any file (its strings are its own copies), so it is not
// emptied between files; it stops growing at maxMessages entries or
// maxMessageBytes bytes, so that a worker's footprint stays bounded
// (messages past that are built as before).

// Bounds of a worker's message table.
const (
	maxMessages     = 4096
	maxMessageBytes = 256 << 10
	// maxMessageLen is the longest message interned: the long ones
	// quote source text and rarely repeat.
	maxMessageLen = 512
)

// messageTable is a worker's interned messages (see above): a set of
// strings, open-addressed with linear probing. (A map[string]string
// costs 32 bytes a slot and, growing by doubling, twice its final size in
// fresh memory: as much as the messages it saved.)
type messageTable struct {
	// slots holds the messages, "" in an empty slot; its length is a
	// power of two, at most three quarters full.
	slots []string
	n     int // messages held
	bytes int // their total length
	seed  maphash.Seed
	// buf is where concat builds a message (its memory reused).
	buf []byte
	// renames holds unused-variable's rename texts by variable name (see
	// renameTexts); allocated on first use.
	renames *[renameSlots]renameEntry
}

// minMessageSlots is the size of a table's first slots.
const minMessageSlots = 256

// Key of the worker's message table (analyzer.Pass.Scratch).
type messageTableKey struct{}

// Release keeps the table: it holds nothing of the file (see above).
func (t *messageTable) Release() {}

// intern returns b as a string, the table's when it has an equal one.
func (t *messageTable) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if t.slots == nil {
		t.slots, t.seed = make([]string, minMessageSlots), maphash.MakeSeed()
	}
	mask := uint64(len(t.slots) - 1)
	i := maphash.Bytes(t.seed, b) & mask
	for ; t.slots[i] != ""; i = (i + 1) & mask {
		// (Comparing with string(b) does not allocate.)
		if t.slots[i] == string(b) {
			return t.slots[i]
		}
	}
	s := string(b)
	if len(s) > maxMessageLen || t.n >= maxMessages || t.bytes+len(s) > maxMessageBytes {
		return s
	}
	t.slots[i] = s
	t.n++
	t.bytes += len(s)
	if 4*t.n > 3*len(t.slots) {
		t.grow()
	}
	return s
}

// grow doubles the table.
func (t *messageTable) grow() {
	old := t.slots
	t.slots = make([]string, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s == "" {
			continue
		}
		i := maphash.String(t.seed, s) & mask
		for t.slots[i] != "" {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// messagesOf returns the worker's message table, or nil when the pass has
// no worker memory (tests and benchmarks make their own passes).
func messagesOf(pass *analyzer.Pass) *messageTable {
	t, _ := pass.Scratch(messageTableKey{}, func() analyzer.ScratchBuffer { return new(messageTable) }).(*messageTable)
	return t
}

// messages builds a rule's messages for one file in the worker's table.
// It looks the table up on the first message only: the lookup (a map
// keyed by an interface) costs about as much as interning a message, and
// most rule runs report nothing.
type messages struct {
	pass   *analyzer.Pass
	t      *messageTable
	looked bool
}

// newMessages returns the messages of a rule running in pass.
func newMessages(pass *analyzer.Pass) messages { return messages{pass: pass} }

// table returns the worker's table (nil without one).
func (m *messages) table() *messageTable {
	if !m.looked {
		m.t, m.looked = resultOf[*messageTable](m.pass, messageTableAnalysis), true
	}
	return m.t
}

// messageTableAnalysis gives the rules of a file the worker's table,
// looked up once per file: several rules report in most files, and the
// worker's lookup (Pass.Scratch, a map keyed by an interface) costs
// several times a cached analysis result. The result is the table (nil
// without a worker). TestMessageTableAnalysis checks it is messagesOf's.
//
// (Run is a named function, not a closure: a closure here would renumber
// the package's init closures, which the PGO profile names.)
var messageTableAnalysis = &analyzer.Analysis{
	Name: "rules:messages",
	Doc:  "the worker's table of interned messages",
	Run:  workerMessageTable,
}

// workerMessageTable is messageTableAnalysis's Run.
func workerMessageTable(pass *analyzer.Pass) any { return messagesOf(pass) }

// concat returns the concatenation of parts, interned in the worker's
// table (see above): what "a" + b + "c" returns, without an allocation
// when the worker has built the same message before.
func (m *messages) concat(parts ...string) string {
	t := m.table()
	if t == nil {
		return strings.Join(parts, "")
	}
	// Built in the table's buffer: a stack array would be zeroed on
	// every call.
	b := t.buf[:0]
	for _, p := range parts {
		b = append(b, p...)
	}
	t.buf = b
	return t.intern(b)
}

// bytes returns b as a string, interned as concat does.
func (m *messages) bytes(b []byte) string {
	if t := m.table(); t != nil {
		return t.intern(b)
	}
	return string(b)
}

// renameSlots is the size of the rename cache: a corpus has a few hundred
// distinct names of unread locals ('i', 'ok', 'res' ...).
const renameSlots = 256

// maxRenameName is the longest name kept in the rename cache, which so
// holds a bounded number of bytes.
const maxRenameName = 64

// renameEntry is the texts of the rename findings of one variable name:
// the messages for a local and for a loop variable (built when first
// needed, "" until then) and the fix's message.
type renameEntry struct {
	name, local, loop, fix string
}

// Starts of the rename messages (unusedFinding.rename).
const (
	renameLocal = "local '"
	renameLoop  = "loop variable '"
)

// renameTexts returns the message and the fix message of a rename
// finding, what + name + renameTail and "rename 'name' to '_'": the
// strings concat would return.
//
// Why: the rename findings are the most frequent of all, and their names
// recur (from file to file too); two concatenations per finding, each
// building, hashing and comparing the whole text, cost more than finding
// the name in a direct-mapped cache. The cache is a memo of text, as the
// table is: an entry holds its own copy of the name (names are substrings
// of a file's source, whose memory the caller may reuse for the next
// file) and interned strings, is compared by content, and a collision
// only replaces it. TestRenameTextsOracle checks it against concat.
func (m *messages) renameTexts(what, name string) (msg, fix string) {
	t := m.table()
	if t == nil || (what != renameLocal && what != renameLoop) || len(name) > maxRenameName {
		return m.concat(what, name, renameTail), m.concat("rename '", name, "' to '_'")
	}
	if t.renames == nil {
		t.renames = new([renameSlots]renameEntry)
	}
	// FNV-1a over the name: names are short.
	h := uint32(2166136261)
	for i := range len(name) {
		h = (h ^ uint32(name[i])) * 16777619
	}
	e := &t.renames[h&(renameSlots-1)]
	if e.fix == "" || e.name != name {
		*e = renameEntry{name: strings.Clone(name), fix: m.concat("rename '", name, "' to '_'")}
	}
	p := &e.local
	if what == renameLoop {
		p = &e.loop
	}
	if *p == "" {
		*p = m.concat(what, name, renameTail)
	}
	return *p, e.fix
}
