package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGoVet builds the tool and runs `go vet -vettool` on a module whose
// go-redis dependency is replaced by the stub of frontend/goembed's
// testdata (no network).
func TestGoVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary and runs go vet")
	}
	// go test puts the go command of its GOROOT first on PATH.
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command: %v", err)
	}
	tmp := t.TempDir()
	tool := filepath.Join(tmp, "redis-lua-lint-vet")
	if out, err := exec.Command(goBin, "build", "-o", tool, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	stub, err := os.ReadFile(filepath.Join("..", "..", "frontend", "goembed", "testdata", "src", "github.com", "redis", "go-redis", "v9", "redis.go"))
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(tmp, "app")
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(mod, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/app\n\ngo 1.22\n\nrequire github.com/redis/go-redis/v9 v9.7.0\n\nreplace github.com/redis/go-redis/v9 => ./goredis\n")
	write("goredis/go.mod", "module github.com/redis/go-redis/v9\n\ngo 1.22\n")
	write("goredis/redis.go", string(stub))
	write("main.go", "package main\n\nimport (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n"+
		"var limiter = redis.NewScript(`\nlocal n = redis.call('INCR', KEYS[1])\nreturn tonumbr(n)\n`)\n\n"+
		"func main() {\n\trdb := redis.NewClient(&redis.Options{})\n\tlimiter.Run(context.Background(), rdb, []string{\"a\", \"b\"})\n"+
		"\trdb.Eval(context.Background(), \"return KEYS[2]\", []string{\"k\"})\n}\n")
	write("clean/clean.go", "package clean\n\nimport \"github.com/redis/go-redis/v9\"\n\nvar S = redis.NewScript(\"return redis.call('GET', KEYS[1])\")\n")

	vet := func(args ...string) (string, error) {
		cmd := exec.Command(goBin, append([]string{"vet", "-vettool=" + tool}, args...)...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}

	out, err := vet("./...")
	if err == nil {
		t.Fatalf("go vet succeeded on findings:\n%s", out)
	}
	for _, want := range []string{
		`main.go:11:8: undefined global 'tonumbr'.*\[undefined-global\]`,
		`main.go:16:55: keys "a" \(slot 15495\) and "b" \(slot 3300\) hash to different cluster slots.*\[cross-slot-keys\]`,
		`main.go:17:41: \tKEYS\[2\] read here`,
		`main.go:17:51: the script reads KEYS\[2\] but this call passes 1 key.*\[numkeys-mismatch\]`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "clean.go") || strings.Contains(out, "redis.go") {
		t.Errorf("unexpected finding:\n%s", out)
	}

	// Flags reach the analyzer: disabling both rules leaves a clean run.
	if out, err := vet("-redislualint.disable=undefined-global,numkeys-mismatch,cross-slot-keys", "./..."); err != nil {
		t.Errorf("go vet with the rules disabled: %v\n%s", err, out)
	}
	if out, err := vet("./clean"); err != nil {
		t.Errorf("go vet ./clean: %v\n%s", err, out)
	}
}
