package redisfacts

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts/internal/commandgen"
)

// TestGeneratedTableUpToDate regenerates commands_gen.go from data/ and
// fails if the committed file differs: run `go generate ./redisfacts`.
func TestGeneratedTableUpToDate(t *testing.T) {
	want, err := commandgen.Generate("data")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("commands_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		tmp := filepath.Join(t.TempDir(), "commands_gen.go")
		_ = os.WriteFile(tmp, want, 0o644)
		t.Errorf("commands_gen.go is stale: run `go generate ./redisfacts` (fresh output in %s)", tmp)
	}
}

// TestDataCopiesMatchShared checks that the copies in data/ match the
// shared originals when the checkout sits beside them.
func TestDataCopiesMatchShared(t *testing.T) {
	shared := filepath.Join("..", "..", "shared", "data")
	for _, name := range []string{commandgen.BaseFile, commandgen.OverlayFile} {
		orig, err := os.ReadFile(filepath.Join(shared, name))
		if errors.Is(err, fs.ErrNotExist) {
			t.Skipf("no shared data beside the checkout: %v", err)
		}
		if err != nil {
			t.Fatal(err)
		}
		cp, err := os.ReadFile(filepath.Join("data", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(orig, cp) {
			t.Errorf("data/%s differs from %s: copy it and run `go generate ./redisfacts`", name, filepath.Join(shared, name))
		}
	}
}
