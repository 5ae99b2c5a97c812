package redistest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Kind is the RESP2 type of a reply.
type Kind int

// Reply kinds of RESP2.
const (
	KindStatus Kind = iota // +OK
	KindError              // -ERR ...
	KindInt                // :1
	KindBulk               // $3 abc
	KindNil                // $-1 or *-1
	KindArray              // *2 ...
)

var kindNames = [...]string{"status", "error", "int", "bulk", "nil", "array"}

// String returns the kind's name ("status", "bulk", ...).
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// Reply is one RESP2 value as the server sent it.
type Reply struct {
	Kind Kind
	// Str is the text of a status, error or bulk reply.
	Str string
	// Int is the value of an integer reply.
	Int int64
	// Array holds the elements of an array reply; an error nested in an
	// array is an element of KindError, not a Go error.
	Array []Reply
}

// String renders the reply compactly for test failure messages, e.g.
// `[int:1 bulk:"a" nil]`.
func (r Reply) String() string {
	switch r.Kind {
	case KindStatus, KindError:
		return r.Kind.String() + ":" + r.Str
	case KindInt:
		return "int:" + strconv.FormatInt(r.Int, 10)
	case KindBulk:
		return "bulk:" + strconv.Quote(r.Str)
	case KindNil:
		return "nil"
	case KindArray:
		parts := make([]string, len(r.Array))
		for i, e := range r.Array {
			parts[i] = e.String()
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	return r.Kind.String()
}

// ReplyError is an error reply from the server. Msg is the server's exact
// text without the leading '-' and trailing CRLF ("ERR Error compiling
// script ...").
type ReplyError struct {
	Msg string
}

// Error returns the server's text.
func (e *ReplyError) Error() string { return e.Msg }

// conn is a minimal RESP2 client: one request at a time over one TCP
// connection. It is safe for concurrent use.
type conn struct {
	mu      sync.Mutex
	nc      net.Conn
	r       *bufio.Reader
	w       *bufio.Writer
	timeout time.Duration
	broken  error // set after an I/O or protocol error: the stream is out of sync
}

func dial(addr string, timeout time.Duration) (*conn, error) {
	nc, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, fmt.Errorf("connect to redis at %s: %w", addr, err)
	}
	return &conn{nc: nc, r: bufio.NewReader(nc), w: bufio.NewWriter(nc), timeout: timeout}, nil
}

func (c *conn) close() error { return c.nc.Close() }

// do sends one command as an array of bulk strings (binary safe) and reads
// one reply. A server error reply is returned both as the Reply (KindError)
// and as a *ReplyError.
func (c *conn) do(args ...string) (Reply, error) {
	if len(args) == 0 {
		return Reply{}, errors.New("redistest: empty command")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken != nil {
		return Reply{}, fmt.Errorf("redistest: connection unusable after earlier error: %w", c.broken)
	}
	if err := c.nc.SetDeadline(time.Now().Add(c.timeout)); err != nil {
		return Reply{}, fmt.Errorf("redistest: set deadline: %w", err)
	}
	fmt.Fprintf(c.w, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(c.w, "$%d\r\n", len(a))
		// bufio.Writer's error is sticky: Flush below reports it.
		_, _ = c.w.WriteString(a)
		_, _ = c.w.WriteString("\r\n")
	}
	if err := c.w.Flush(); err != nil {
		c.broken = err
		return Reply{}, fmt.Errorf("redistest: send %s: %w", args[0], err)
	}
	rep, err := readReply(c.r)
	if err != nil {
		c.broken = err
		return Reply{}, fmt.Errorf("redistest: read reply to %s: %w", args[0], err)
	}
	if rep.Kind == KindError {
		return rep, &ReplyError{Msg: rep.Str}
	}
	return rep, nil
}

// maxBulk bounds bulk and array lengths read from the wire so a corrupted
// stream cannot make the client allocate gigabytes.
const maxBulk = 512 << 20

func readLine(r *bufio.Reader) (string, error) {
	line, err := r.ReadString('\n')
	if err != nil {
		return "", err
	}
	if !strings.HasSuffix(line, "\r\n") {
		return "", fmt.Errorf("protocol error: line %q does not end in CRLF", line)
	}
	return line[:len(line)-2], nil
}

func readReply(r *bufio.Reader) (Reply, error) {
	line, err := readLine(r)
	if err != nil {
		return Reply{}, err
	}
	if line == "" {
		return Reply{}, errors.New("protocol error: empty line")
	}
	body := line[1:]
	switch line[0] {
	case '+':
		return Reply{Kind: KindStatus, Str: body}, nil
	case '-':
		return Reply{Kind: KindError, Str: body}, nil
	case ':':
		n, err := strconv.ParseInt(body, 10, 64)
		if err != nil {
			return Reply{}, fmt.Errorf("protocol error: bad integer %q: %w", body, err)
		}
		return Reply{Kind: KindInt, Int: n}, nil
	case '$':
		n, err := strconv.Atoi(body)
		if err != nil || n < -1 || n > maxBulk {
			return Reply{}, fmt.Errorf("protocol error: bad bulk length %q", body)
		}
		if n == -1 {
			return Reply{Kind: KindNil}, nil
		}
		buf := make([]byte, n+2)
		if _, err := io.ReadFull(r, buf); err != nil {
			return Reply{}, err
		}
		if buf[n] != '\r' || buf[n+1] != '\n' {
			return Reply{}, errors.New("protocol error: bulk string not followed by CRLF")
		}
		return Reply{Kind: KindBulk, Str: string(buf[:n])}, nil
	case '*':
		n, err := strconv.Atoi(body)
		if err != nil || n < -1 || n > maxBulk {
			return Reply{}, fmt.Errorf("protocol error: bad array length %q", body)
		}
		if n == -1 {
			return Reply{Kind: KindNil}, nil
		}
		arr := make([]Reply, n)
		for i := range arr {
			if arr[i], err = readReply(r); err != nil {
				return Reply{}, err
			}
		}
		return Reply{Kind: KindArray, Array: arr}, nil
	}
	return Reply{}, fmt.Errorf("protocol error: unknown reply type %q", line)
}
