package analyzer

import (
	"context"
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// countingBuffer is a ScratchBuffer that counts its files.
type countingBuffer struct {
	inUse    bool
	releases int
}

func (b *countingBuffer) Release() { b.inUse, b.releases = false, b.releases+1 }

func TestPassScratch(t *testing.T) {
	type key struct{}
	var made []*countingBuffer
	var overlap bool
	use := &Analysis{Name: "uses-scratch", Run: func(p *Pass) any {
		b, _ := p.Scratch(key{}, func() ScratchBuffer {
			b := &countingBuffer{}
			made = append(made, b)
			return b
		}).(*countingBuffer)
		if b != nil {
			overlap = overlap || b.inUse
			b.inUse = true
		}
		return b
	}}
	var ruleBuf ScratchBuffer
	rule := &Rule{ID: "scratch-user", Severity: SeverityInfo, Requires: []*Analysis{use}, Run: func(p *Pass) {
		p.ResultOf(use)
		// A rule's pass reaches the same worker memory.
		ruleBuf = p.Scratch(key{}, func() ScratchBuffer { t.Error("the rule's pass made a second buffer"); return nil })
	}}
	var srcs []Source
	for i := range 5 {
		srcs = append(srcs, Source{Path: fmt.Sprintf("f%d.lua", i), Src: []byte("local x = 1\n")})
	}
	NewEngine([]*Rule{rule}, nil, 1).CheckFiles(context.Background(), srcs)
	if len(made) != 1 {
		t.Fatalf("one worker made %d buffers, want 1 reused for every file", len(made))
	}
	if made[0].releases != len(srcs) {
		t.Errorf("the buffer was released %d times, want once per file (%d)", made[0].releases, len(srcs))
	}
	if overlap {
		t.Error("a file got the buffer before the previous file released it")
	}
	if ruleBuf != made[0] {
		t.Errorf("the rule's pass got the buffer %v, want the analysis's %v", ruleBuf, made[0])
	}

	// A pass made by NewPass has no worker memory.
	p := NewPass(nil, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
	if b := p.Scratch(key{}, func() ScratchBuffer { return &countingBuffer{} }); b != nil {
		t.Errorf("NewPass's pass returned the buffer %v, want nil", b)
	}
}
