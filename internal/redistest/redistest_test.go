package redistest

import (
	"bufio"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestReadReply(t *testing.T) {
	tests := []struct {
		name string
		wire string
		want Reply
	}{
		{"status", "+OK\r\n", Reply{Kind: KindStatus, Str: "OK"}},
		{"error", "-ERR bad thing\r\n", Reply{Kind: KindError, Str: "ERR bad thing"}},
		{"int", ":-42\r\n", Reply{Kind: KindInt, Int: -42}},
		{"bulk", "$5\r\na\r\nb\x00\r\n", Reply{Kind: KindBulk, Str: "a\r\nb\x00"}},
		{"empty bulk", "$0\r\n\r\n", Reply{Kind: KindBulk, Str: ""}},
		{"nil bulk", "$-1\r\n", Reply{Kind: KindNil}},
		{"nil array", "*-1\r\n", Reply{Kind: KindNil}},
		{"empty array", "*0\r\n", Reply{Kind: KindArray, Array: []Reply{}}},
		{"nested", "*3\r\n:1\r\n*1\r\n$1\r\nx\r\n-ERR e\r\n", Reply{Kind: KindArray, Array: []Reply{
			{Kind: KindInt, Int: 1},
			{Kind: KindArray, Array: []Reply{{Kind: KindBulk, Str: "x"}}},
			{Kind: KindError, Str: "ERR e"},
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readReply(bufio.NewReader(strings.NewReader(tt.wire)))
			if err != nil {
				t.Fatalf("readReply(%q): %v", tt.wire, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("readReply(%q) = %s, want %s", tt.wire, got, tt.want)
			}
		})
	}
}

func TestReadReplyProtocolErrors(t *testing.T) {
	for _, wire := range []string{
		"",                  // EOF
		"\r\n",              // empty line
		"+OK\n",             // no CR
		"?what\r\n",         // unknown type
		":12x\r\n",          // bad integer
		"$x\r\n",            // bad length
		"$-2\r\n",           // negative length
		"$3\r\nab",          // short bulk
		"$2\r\nabXY",        // bulk without CRLF
		"*2\r\n:1\r\n",      // short array
		"$999999999999\r\n", // absurd length
	} {
		if got, err := readReply(bufio.NewReader(strings.NewReader(wire))); err == nil {
			t.Errorf("readReply(%q) = %s, want a protocol error", wire, got)
		}
	}
}

func TestReplyString(t *testing.T) {
	r := Reply{Kind: KindArray, Array: []Reply{{Kind: KindInt, Int: 1}, {Kind: KindBulk, Str: "a"}, {Kind: KindNil}, {Kind: KindStatus, Str: "OK"}}}
	if got, want := r.String(), `[int:1 bulk:"a" nil status:OK]`; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
}

func TestServer(t *testing.T) {
	srv := Start(t)
	if err := srv.FlushAll(); err != nil {
		t.Fatal(err)
	}

	t.Run("ping", func(t *testing.T) {
		rep, err := srv.Do("PING")
		if err != nil || rep.Kind != KindStatus || rep.Str != "PONG" {
			t.Fatalf("PING = %s, %v; want status PONG", rep, err)
		}
	})

	t.Run("set get binary safe", func(t *testing.T) {
		val := "a\x00b\r\nc"
		if rep, err := srv.Do("SET", "redistest:k", val); err != nil || rep.Str != "OK" {
			t.Fatalf("SET = %s, %v", rep, err)
		}
		rep, err := srv.Do("GET", "redistest:k")
		if err != nil || rep.Kind != KindBulk || rep.Str != val {
			t.Fatalf("GET = %s, %v; want bulk %q", rep, err, val)
		}
		rep, err = srv.Do("GET", "redistest:missing")
		if err != nil || rep.Kind != KindNil {
			t.Fatalf("GET missing = %s, %v; want nil", rep, err)
		}
	})

	t.Run("eval reply types", func(t *testing.T) {
		tests := []struct {
			src  string
			want Reply
		}{
			{"return redis.status_reply('FINE')", Reply{Kind: KindStatus, Str: "FINE"}},
			{"return 7", Reply{Kind: KindInt, Int: 7}},
			{"return 3.9", Reply{Kind: KindInt, Int: 3}}, // Lua numbers are truncated
			{"return KEYS[1] .. ARGV[1]", Reply{Kind: KindBulk, Str: "k1a1"}},
			{"return nil", Reply{Kind: KindNil}},
			{"return false", Reply{Kind: KindNil}},
			{"return {1, 'two', {3}}", Reply{Kind: KindArray, Array: []Reply{
				{Kind: KindInt, Int: 1}, {Kind: KindBulk, Str: "two"},
				{Kind: KindArray, Array: []Reply{{Kind: KindInt, Int: 3}}},
			}}},
			{"return {1, redis.error_reply('INNER bad')}", Reply{Kind: KindArray, Array: []Reply{
				{Kind: KindInt, Int: 1}, {Kind: KindError, Str: "INNER bad"},
			}}},
		}
		for _, tt := range tests {
			got, err := srv.Eval(tt.src, []string{"k1"}, []string{"a1"})
			if err != nil {
				t.Errorf("EVAL %q: %v", tt.src, err)
				continue
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("EVAL %q = %s, want %s", tt.src, got, tt.want)
			}
		}
	})

	t.Run("error reply", func(t *testing.T) {
		rep, err := srv.Eval("return redis.error_reply('MYERR boom')", nil, nil)
		var re *ReplyError
		if !errors.As(err, &re) {
			t.Fatalf("err = %v (%T), want *ReplyError", err, err)
		}
		if re.Msg != "MYERR boom" || rep.Kind != KindError || rep.Str != re.Msg {
			t.Errorf("got %q / %s, want MYERR boom", re.Msg, rep)
		}
		_, err = srv.Do("NOSUCHCOMMAND", "x")
		if !errors.As(err, &re) || !strings.HasPrefix(re.Msg, "ERR unknown command 'NOSUCHCOMMAND'") {
			t.Errorf("unknown command: err = %v", err)
		}
		// The connection stays usable after an error reply.
		if rep, err := srv.Do("PING"); err != nil || rep.Str != "PONG" {
			t.Errorf("PING after error = %s, %v", rep, err)
		}
	})

	t.Run("script load", func(t *testing.T) {
		sha, err := srv.ScriptLoad("return 1")
		if err != nil {
			t.Fatal(err)
		}
		if sha != "e0e1f9fabfc9d4800c877a703b823ac0578ff8db" {
			t.Errorf("sha = %s", sha)
		}
		_, err = srv.ScriptLoad("return +")
		var re *ReplyError
		if !errors.As(err, &re) || !strings.Contains(re.Msg, "Error compiling script") || !strings.Contains(re.Msg, "user_script:1:") {
			t.Errorf("compile error = %v", err)
		}
		if err := srv.ScriptFlush(); err != nil {
			t.Fatal(err)
		}
		rep, err := srv.Do("SCRIPT", "EXISTS", sha)
		if err != nil || len(rep.Array) != 1 || rep.Array[0].Int != 0 {
			t.Errorf("SCRIPT EXISTS after flush = %s, %v", rep, err)
		}
	})

	t.Run("functions", func(t *testing.T) {
		lib := "#!lua name=redistestlib\nredis.register_function('redistest_f', function(keys, args) return args[1] end)"
		name, err := srv.FunctionLoad(lib, false)
		if err != nil || name != "redistestlib" {
			t.Fatalf("FunctionLoad = %q, %v", name, err)
		}
		if _, err := srv.FunctionLoad(lib, false); err == nil {
			t.Error("second FunctionLoad without replace succeeded, want 'already exists' error")
		}
		if _, err := srv.FunctionLoad(lib, true); err != nil {
			t.Errorf("FunctionLoad replace: %v", err)
		}
		rep, err := srv.Do("FCALL", "redistest_f", "0", "hi")
		if err != nil || rep.Str != "hi" {
			t.Errorf("FCALL = %s, %v", rep, err)
		}
		if err := srv.FunctionFlush(); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.Do("FCALL", "redistest_f", "0", "hi"); err == nil {
			t.Error("FCALL after FUNCTION FLUSH succeeded")
		}
	})

	t.Run("flushall", func(t *testing.T) {
		if _, err := srv.Do("SET", "redistest:x", "1"); err != nil {
			t.Fatal(err)
		}
		if err := srv.FlushAll(); err != nil {
			t.Fatal(err)
		}
		rep, err := srv.Do("DBSIZE")
		if err != nil || rep.Int != 0 {
			t.Errorf("DBSIZE after FLUSHALL = %s, %v", rep, err)
		}
	})
}

// TestSharedServer checks that concurrent tests share one process.
func TestSharedServer(t *testing.T) {
	a := Start(t)
	b := Start(t)
	if a.Addr() != b.Addr() {
		t.Errorf("two Start calls in one test got %s and %s, want one shared server", a.Addr(), b.Addr())
	}
}
