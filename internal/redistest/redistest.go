// Package redistest gives tests a real Redis server: the one named by
// REDIS_LUA_LINT_REDIS_ADDR, or a redis-server it starts itself on a free
// loopback port, shared by the tests of one test binary.
//
// Typical use:
//
//	srv := redistest.Start(t) // skips when redis-server is not installed
//	sha, err := srv.ScriptLoad("return 1")
//
// A package whose tests call Start from many sequential tests can keep one
// server for the whole binary with
//
//	func TestMain(m *testing.M) { os.Exit(redistest.Main(m)) }
//
// Without it, the server lives while at least one test that called Start
// is running, and is stopped (by PID) in the last such test's cleanup.
package redistest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// EnvAddr names the environment variable holding the host:port of an
// already running server to use instead of starting one.
const EnvAddr = "REDIS_LUA_LINT_REDIS_ADDR"

// DefaultBinary is where Debian installs redis-server; PATH is searched when
// it is absent.
const DefaultBinary = "/usr/bin/redis-server"

// commandTimeout bounds every request, so a wedged server fails a test
// instead of hanging it.
const commandTimeout = 30 * time.Second

// Server is a client connection to a real Redis server, valid for the test
// that obtained it from Start. Its methods are safe for concurrent use.
type Server struct {
	addr string
	c    *conn
	// shared is true for the server named by $REDIS_LUA_LINT_REDIS_ADDR,
	// which other test binaries use at the same time.
	shared bool
}

// Addr returns the server's host:port.
func (s *Server) Addr() string { return s.addr }

// Do sends one command and returns the reply. A server error reply is
// returned as a *ReplyError carrying the server's exact text (the Reply is
// then of KindError with the same text).
func (s *Server) Do(args ...string) (Reply, error) { return s.c.do(args...) }

// ScriptLoad compiles src with SCRIPT LOAD and returns its SHA1. Compile
// errors come back as *ReplyError ("ERR Error compiling script ...").
func (s *Server) ScriptLoad(src string) (string, error) {
	rep, err := s.Do("SCRIPT", "LOAD", src)
	if err != nil {
		return "", err
	}
	if rep.Kind != KindBulk {
		return "", fmt.Errorf("redistest: SCRIPT LOAD returned %s, want a bulk string", rep)
	}
	return rep.Str, nil
}

// Eval runs src with EVAL, passing keys as KEYS and args as ARGV.
func (s *Server) Eval(src string, keys []string, args []string) (Reply, error) {
	argv := make([]string, 0, 3+len(keys)+len(args))
	argv = append(argv, "EVAL", src, strconv.Itoa(len(keys)))
	argv = append(argv, keys...)
	argv = append(argv, args...)
	return s.Do(argv...)
}

// FunctionLoad loads a function library (FUNCTION LOAD [REPLACE]) and
// returns the library name the server reports.
func (s *Server) FunctionLoad(src string, replace bool) (string, error) {
	argv := []string{"FUNCTION", "LOAD"}
	if replace {
		argv = append(argv, "REPLACE")
	}
	rep, err := s.Do(append(argv, src)...)
	if err != nil {
		return "", err
	}
	if rep.Kind != KindBulk {
		return "", fmt.Errorf("redistest: FUNCTION LOAD returned %s, want a bulk string", rep)
	}
	return rep.Str, nil
}

// FunctionFlush deletes every function library (FUNCTION FLUSH SYNC).
func (s *Server) FunctionFlush() error { return s.expectOK("FUNCTION", "FLUSH", "SYNC") }

// FlushAll deletes every key this test binary can see: FLUSHALL SYNC on a
// server of its own, FLUSHDB SYNC of its own database on a shared one.
func (s *Server) FlushAll() error {
	if s.shared {
		return s.expectOK("FLUSHDB", "SYNC")
	}
	return s.expectOK("FLUSHALL", "SYNC")
}

// sharedDB is the database this test binary uses on a shared server.
var sharedDB struct {
	once sync.Once
	db   int
	err  error
}

// selectOwnDB moves the connection to a database of this test binary's
// own. `go test ./...` runs several test binaries at once against the one
// server $REDIS_LUA_LINT_REDIS_ADDR names; without this, one package's
// FlushAll would wipe the keys another package's test just wrote. The
// database is taken from a counter in database 0, so concurrent binaries
// get distinct ones (databases 1-15 of the default 16, reused round-robin).
func (s *Server) selectOwnDB() error {
	sharedDB.once.Do(func() {
		rep, err := s.c.do("INCR", "redistest:database-sequence")
		if err != nil {
			sharedDB.err = fmt.Errorf("allocating a database: %w", err)
			return
		}
		sharedDB.db = 1 + int((rep.Int-1)%15)
	})
	if sharedDB.err != nil {
		return sharedDB.err
	}
	s.shared = true
	return s.expectOK("SELECT", strconv.Itoa(sharedDB.db))
}

// ScriptFlush empties the script cache (SCRIPT FLUSH SYNC).
func (s *Server) ScriptFlush() error { return s.expectOK("SCRIPT", "FLUSH", "SYNC") }

func (s *Server) expectOK(args ...string) error {
	rep, err := s.Do(args...)
	if err != nil {
		return err
	}
	if rep.Kind != KindStatus || rep.Str != "OK" {
		return fmt.Errorf("redistest: %s returned %s, want +OK", strings.Join(args, " "), rep)
	}
	return nil
}

// Start returns a connection to a real Redis server for t, closed in
// t.Cleanup. It uses the server at $REDIS_LUA_LINT_REDIS_ADDR when set
// (failing the test if it does not answer), else a redis-server started on
// 127.0.0.1 and shared with the binary's other tests; it skips t only when
// no redis-server binary exists.
func Start(t testing.TB) *Server {
	t.Helper()
	if addr := os.Getenv(EnvAddr); addr != "" {
		srv, err := connect(addr)
		if err != nil {
			t.Fatalf("redistest: server from $%s: %v", EnvAddr, err)
		}
		t.Cleanup(func() {
			if err := srv.c.close(); err != nil {
				t.Errorf("redistest: close connection to %s: %v", addr, err)
			}
		})
		if err := srv.selectOwnDB(); err != nil {
			t.Fatalf("redistest: server from $%s: %v", EnvAddr, err)
		}
		return srv
	}
	bin, err := findBinary()
	if err != nil {
		t.Skipf("redis-server not installed: %v", err)
	}
	p, err := acquire(bin)
	if err != nil {
		t.Fatalf("redistest: %v", err)
	}
	srv, err := connect(p.addr)
	if err != nil {
		t.Fatalf("redistest: %v", errors.Join(err, release()))
	}
	t.Cleanup(func() {
		if err := errors.Join(srv.c.close(), release()); err != nil {
			t.Errorf("redistest: %v", err)
		}
	})
	return srv
}

// Main runs the tests of m while holding one shared server (started on
// first use), and stops it afterwards. Call it from TestMain:
// os.Exit(redistest.Main(m)).
func Main(m *testing.M) int {
	shared.mu.Lock()
	shared.refs++ // the binary-wide hold: the server outlives single tests
	shared.mu.Unlock()
	code := m.Run()
	if err := release(); err != nil {
		fmt.Fprintf(os.Stderr, "redistest: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

func connect(addr string) (*Server, error) {
	c, err := dial(addr, commandTimeout)
	if err != nil {
		return nil, err
	}
	rep, err := c.do("PING")
	if err != nil {
		return nil, errors.Join(fmt.Errorf("PING %s: %w", addr, err), c.close())
	}
	if rep.Kind != KindStatus || rep.Str != "PONG" {
		return nil, errors.Join(fmt.Errorf("PING %s: got %s, want +PONG", addr, rep), c.close())
	}
	return &Server{addr: addr, c: c}, nil
}

func findBinary() (string, error) {
	if st, err := os.Stat(DefaultBinary); err == nil && !st.IsDir() {
		return DefaultBinary, nil
	}
	p, err := exec.LookPath("redis-server")
	if err != nil {
		return "", fmt.Errorf("no %s and none on PATH: %w", DefaultBinary, err)
	}
	return p, nil
}

// process is a redis-server this package started.
type process struct {
	cmd    *exec.Cmd
	addr   string
	dir    string
	exited chan struct{} // closed when cmd.Wait returns
	werr   error         // cmd.Wait's result, valid after exited is closed
}

// shared is the one server of this test binary. Sharing it is the point of
// the package (starting a server per test would dominate test time), so this
// is the single piece of package state; refs counts running tests plus
// Main's hold, and the server is stopped when it drops to zero.
var shared struct {
	mu   sync.Mutex
	p    *process
	refs int
}

func acquire(bin string) (*process, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.p == nil {
		p, err := spawn(bin)
		if err != nil {
			return nil, err
		}
		shared.p = p
	}
	shared.refs++
	return shared.p, nil
}

func release() error {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	shared.refs--
	if shared.refs > 0 || shared.p == nil {
		return nil
	}
	p := shared.p
	shared.p = nil
	return p.stop()
}

// spawn starts redis-server on a free port, retrying a few times because
// another process may grab the port between probing and binding it.
func spawn(bin string) (*process, error) {
	var errs []error
	for range 5 {
		p, err := spawnOnce(bin)
		if err == nil {
			return p, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("start %s: %w", bin, errors.Join(errs...))
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	addr, ok := l.Addr().(*net.TCPAddr)
	// Close before using the port: the server must be able to bind it.
	if err := l.Close(); err != nil {
		return 0, fmt.Errorf("release the probed port: %w", err)
	}
	if !ok {
		return 0, fmt.Errorf("find a free port: listener address %v is not TCP", l.Addr())
	}
	return addr.Port, nil
}

func spawnOnce(bin string) (*process, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "redistest-")
	if err != nil {
		return nil, fmt.Errorf("temp dir: %w", err)
	}
	logPath := filepath.Join(dir, "redis.log")
	cmd := exec.Command(bin,
		"--port", strconv.Itoa(port),
		"--bind", "127.0.0.1",
		"--save", "",
		"--appendonly", "no",
		"--daemonize", "no",
		"--dir", dir,
		"--logfile", logPath,
	)
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		return nil, errors.Join(fmt.Errorf("exec: %w", err), os.RemoveAll(dir))
	}
	p := &process{cmd: cmd, addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), dir: dir, exited: make(chan struct{})}
	go func() {
		p.werr = cmd.Wait()
		close(p.exited)
	}()
	if err := p.waitReady(10 * time.Second); err != nil {
		// Read the log before stop removes its directory.
		err = fmt.Errorf("redis-server on port %d: %w%s", port, err, logTail(logPath))
		return nil, errors.Join(err, p.stop())
	}
	return p, nil
}

// waitReady polls with PING until the server answers or exits.
func (p *process) waitReady(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var last error
	for time.Now().Before(deadline) {
		select {
		case <-p.exited:
			if p.werr == nil {
				return errors.New("exited with status 0 before answering PING")
			}
			return fmt.Errorf("exited before answering PING: %w", p.werr)
		default:
		}
		c, err := dial(p.addr, time.Second)
		if err == nil {
			rep, err2 := c.do("PING")
			// A probe connection: a failure to close it changes nothing.
			_ = c.close()
			if err2 == nil && rep.Kind == KindStatus && rep.Str == "PONG" {
				return nil
			}
			err = err2
			if err == nil {
				err = fmt.Errorf("PING got %s, want +PONG", rep)
			}
		}
		last = err
		time.Sleep(10 * time.Millisecond)
	}
	if last == nil {
		return fmt.Errorf("no PONG within %v", limit)
	}
	return fmt.Errorf("no PONG within %v: %w", limit, last)
}

// stop terminates the server by PID (SIGTERM, then SIGKILL after 5s) and
// removes its directory.
func (p *process) stop() error {
	err := p.terminate()
	if rmErr := os.RemoveAll(p.dir); rmErr != nil {
		err = errors.Join(err, fmt.Errorf("remove server directory: %w", rmErr))
	}
	return err
}

// terminate ends the server process: SIGTERM, then SIGKILL after 5s.
func (p *process) terminate() error {
	select {
	case <-p.exited:
		return nil
	default:
	}
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		// Try harder at once; should this fail too, the Kill below
		// reports it after the wait.
		_ = p.cmd.Process.Kill()
	}
	select {
	case <-p.exited:
		return nil
	case <-time.After(5 * time.Second):
	}
	if err := p.cmd.Process.Kill(); err != nil {
		return fmt.Errorf("kill redis-server pid %d: %w", p.cmd.Process.Pid, err)
	}
	<-p.exited
	return nil
}

func logTail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil || len(b) == 0 {
		return ""
	}
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return "\nserver log:\n" + string(b)
}
