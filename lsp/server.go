package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

// DefaultDebounce is how long the server waits after the last change of
// a document before linting it.
const DefaultDebounce = 150 * time.Millisecond

// Options configure a Server.
type Options struct {
	// Name and Version are the server's name and version (initialize's
	// serverInfo); Name is also every diagnostic's source.
	Name, Version string
	// Rules is the rule set.
	Rules []*analyzer.Rule
	// Config is the configuration file to use for every document (the
	// --config flag); empty means the nearest .redis-lua-lint.yaml from
	// the document's folder up, as check finds it from the working
	// directory.
	Config string
	// WorkDir resolves a relative Config, and is the folder of documents
	// that are not files (untitled buffers).
	WorkDir string
	// Adjust, when set, changes each configuration after it is loaded
	// (the command line's --redis-version, --enable, --disable).
	Adjust func(*lint.Config) error
	// RulesDocURL, when set, is the page documenting the rules with an
	// anchor per rule ID: diagnostics link to RulesDocURL#<id>.
	RulesDocURL string
	// HostFile, when set, lints a document that is not a .lua file (a
	// host-language file with embedded scripts) with eng, the engine of
	// the document's configuration; ok is false for a document it does
	// not handle. Spans of the result are byte offsets into src.
	HostFile func(eng *lint.Engine, path string, src []byte) (res lint.FileResult, ok bool)
	// Debounce is the wait after a change before linting (0:
	// DefaultDebounce).
	Debounce time.Duration
	// Log, when set, receives one line per problem the server meets
	// (an editor shows a server's stderr in its log).
	Log io.Writer
}

// Server is one language server session.
type Server struct {
	opts    Options
	handler protocol.Handler
	configs configCache

	mu   sync.Mutex
	docs map[protocol.DocumentUri]*document
	// timers are the pending debounced lints by document.
	timers map[protocol.DocumentUri]*time.Timer
	// pending are the worker's jobs, in order; wake tells it of new
	// ones (and of closed, which ends it).
	pending  []job
	wake     chan struct{}
	shutdown bool
	closed   bool

	conn *jsonrpc2.Conn
}

// job is one task of the lint worker: lint a document and publish its
// diagnostics, or clear them (a closed document).
type job struct {
	uri   protocol.DocumentUri
	clear bool
}

// NewServer returns a server with opts.
func NewServer(opts Options) *Server {
	if opts.Name == "" {
		opts.Name = "redis-lua-lint"
	}
	if opts.Debounce <= 0 {
		opts.Debounce = DefaultDebounce
	}
	s := &Server{
		opts:   opts,
		docs:   map[protocol.DocumentUri]*document{},
		timers: map[protocol.DocumentUri]*time.Timer{},
		wake:   make(chan struct{}, 1),
	}
	s.handler = protocol.Handler{
		Initialize:             s.initialize,
		Initialized:            func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:               s.shutdownRequest,
		SetTrace:               func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:    s.didOpen,
		TextDocumentDidChange:  s.didChange,
		TextDocumentDidSave:    s.didSave,
		TextDocumentDidClose:   s.didClose,
		TextDocumentCodeAction: s.codeAction,
		TextDocumentHover:      s.hover,
		WorkspaceDidChangeWatchedFiles: func(*glsp.Context, *protocol.DidChangeWatchedFilesParams) error {
			s.configChanged()
			return nil
		},
	}
	return s
}

// ErrExitWithoutShutdown is Serve's error when the client sent exit
// before shutdown (the protocol's exit code 1).
var ErrExitWithoutShutdown = errors.New("exit without shutdown")

// Serve runs the session on rwc (stdin and stdout for an editor) until
// the client sends exit or closes the stream. It returns nil after
// shutdown and exit, ErrExitWithoutShutdown after an exit alone, and an
// error when the stream ends without exit. A Server serves one session.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	if ctx == nil {
		ctx = context.Background()
	}
	var exited atomic.Bool
	h := jsonrpc2.HandlerWithError(func(_ context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		if req.Method == protocol.MethodExit {
			exited.Store(true)
			return nil, conn.Close()
		}
		return s.handle(req)
	})
	logTo := io.Discard
	if s.opts.Log != nil {
		logTo = s.opts.Log
	}
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(rwc, jsonrpc2.VSCodeObjectCodec{}), h,
		jsonrpc2.SetLogger(log.New(logTo, s.opts.Name+": jsonrpc2: ", 0)))
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.work()
	}()
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		_ = conn.Close()
	}
	s.stop()
	<-done
	s.mu.Lock()
	shutdown := s.shutdown
	s.mu.Unlock()
	switch {
	case exited.Load() && shutdown:
		return nil
	case exited.Load():
		return ErrExitWithoutShutdown
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return errors.New("the client closed the connection without exit")
}

// handle decodes a request through glsp's handler and turns its answer
// into a response.
func (s *Server) handle(req *jsonrpc2.Request) (any, error) {
	gc := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { s.notify(method, params) },
		// The server makes no requests of the client: a call from the
		// handler would wait for a response the read loop, busy with
		// this request, cannot read.
		Call: func(string, any, any) {},
	}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	r, validMethod, validParams, err := s.handler.Handle(gc)
	switch {
	case !validMethod:
		if req.Notif {
			return nil, nil // unknown notifications ($/...) are ignored
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		s.logf("%s: %v", req.Method, err)
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

// notify sends a notification to the client.
func (s *Server) notify(method string, params any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return
	}
	if err := conn.Notify(context.Background(), method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.logf("notify %s: %v", method, err)
	}
}

// logf writes a line to Options.Log.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, s.opts.Name+": "+format+"\n", args...)
	}
}

func (s *Server) initialize(_ *glsp.Context, _ *protocol.InitializeParams) (any, error) {
	syncKind := protocol.TextDocumentSyncKindIncremental
	yes := true
	version := s.opts.Version
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: &yes,
				Change:    &syncKind,
				Save:      protocol.SaveOptions{IncludeText: &yes},
			},
			HoverProvider: true,
			CodeActionProvider: protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix},
			},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: s.opts.Name, Version: &version},
	}, nil
}

func (s *Server) shutdownRequest(*glsp.Context) error {
	s.mu.Lock()
	s.shutdown = true
	s.mu.Unlock()
	return nil
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	d := &document{
		uri: p.TextDocument.URI, path: uriPath(p.TextDocument.URI), langID: p.TextDocument.LanguageID,
		version: p.TextDocument.Version, text: []byte(p.TextDocument.Text),
	}
	s.mu.Lock()
	s.docs[d.uri] = d
	s.mu.Unlock()
	s.schedule(d.uri, 0)
	return nil
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return fmt.Errorf("didChange of %s, which is not open", p.TextDocument.URI)
	}
	text, err := applyChanges(d.text, p.ContentChanges)
	if err != nil {
		s.mu.Unlock()
		return fmt.Errorf("didChange of %s: %w", p.TextDocument.URI, err)
	}
	d.text, d.version = text, p.TextDocument.Version
	s.mu.Unlock()
	s.schedule(d.uri, s.opts.Debounce)
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	if isConfigFile(uriPath(p.TextDocument.URI)) {
		s.configChanged()
		return nil
	}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d != nil && p.Text != nil && *p.Text != string(d.text) {
		// The client sends the saved text: trust it over ours.
		d.text = []byte(*p.Text)
		d.last = nil
	}
	s.mu.Unlock()
	if d != nil {
		s.schedule(d.uri, 0)
	}
	return nil
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	delete(s.docs, p.TextDocument.URI)
	if t := s.timers[p.TextDocument.URI]; t != nil {
		t.Stop()
		delete(s.timers, p.TextDocument.URI)
	}
	s.mu.Unlock()
	s.enqueue(job{uri: p.TextDocument.URI, clear: true})
	return nil
}

// configChanged reloads the configurations and lints every open document
// again.
func (s *Server) configChanged() {
	s.configs.forget()
	s.mu.Lock()
	var uris []protocol.DocumentUri
	for uri, d := range s.docs {
		d.last = nil
		uris = append(uris, uri)
	}
	s.mu.Unlock()
	for _, uri := range uris {
		s.schedule(uri, 0)
	}
}

// schedule lints the document after delay (0: now), replacing a lint
// scheduled before.
func (s *Server) schedule(uri protocol.DocumentUri, delay time.Duration) {
	s.mu.Lock()
	if t := s.timers[uri]; t != nil {
		t.Stop()
		delete(s.timers, uri)
	}
	if delay > 0 && !s.closed {
		s.timers[uri] = time.AfterFunc(delay, func() {
			s.mu.Lock()
			delete(s.timers, uri)
			s.mu.Unlock()
			s.enqueue(job{uri: uri})
		})
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.enqueue(job{uri: uri})
}

// enqueue hands a job to the worker (dropped once the server stopped).
// A lint already pending for the document stands for this one.
func (s *Server) enqueue(j job) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	dup := false
	for i := len(s.pending) - 1; i >= 0; i-- {
		if p := s.pending[i]; p.uri == j.uri {
			dup = !p.clear && !j.clear
			break
		}
	}
	if !dup {
		s.pending = append(s.pending, j)
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// stop ends the worker and the pending lints.
func (s *Server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.closed = true
	for uri, t := range s.timers {
		t.Stop()
		delete(s.timers, uri)
	}
	s.pending = nil
	close(s.wake)
}

// work runs the lint jobs in order, publishing the diagnostics of each.
func (s *Server) work() {
	for range s.wake {
		s.mu.Lock()
		jobs := s.pending
		s.pending = nil
		s.mu.Unlock()
		for _, j := range jobs {
			s.run(j)
		}
	}
}

// run does one job of the worker.
func (s *Server) run(j job) {
	if j.clear {
		s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{
			URI: j.uri, Diagnostics: []protocol.Diagnostic{},
		})
		return
	}
	c, d := s.current(j.uri)
	if c == nil {
		return // closed meanwhile
	}
	s.mu.Lock()
	stale := s.docs[j.uri] != d || d.version != c.version
	s.mu.Unlock()
	if stale {
		return // changed or closed meanwhile: another job follows
	}
	version := protocol.UInteger(max(c.version, 0))
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{
		URI: j.uri, Version: &version, Diagnostics: s.diagnostics(j.uri, c),
	})
}

// current returns the lint of the document's present text, linting it if
// the newest lint is older, and the document (nil, nil when it is not
// open).
func (s *Server) current(uri protocol.DocumentUri) (*checked, *document) {
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return nil, nil
	}
	if d.last != nil && d.last.version == d.version {
		c := d.last
		s.mu.Unlock()
		return c, d
	}
	path, langID, version, text := d.path, d.langID, d.version, d.text
	s.mu.Unlock()
	c := s.check(path, langID, text)
	c.version = version
	s.mu.Lock()
	if d.version == version && (d.last == nil || d.last.version != version) {
		d.last = c
	}
	s.mu.Unlock()
	return c, d
}
