package analyzer

// ScratchBuffer is per-worker memory that an analysis defined outside this
// package (such as the rules' shared facts) reuses from one file to the
// next, like the shared analyses' buffers (see scratch.go).
type ScratchBuffer interface {
	// Release is called when the worker is done with a file: it must drop
	// every reference into that file's tree (clear what was used) and may
	// keep the memory for the next file, unless a huge file made it large.
	Release()
}

// Scratch returns the worker's buffer stored under key (a comparable
// value private to the caller's package), made by newBuffer on its first
// use. It serves analyses and rules alike (a rule's pass uses the worker
// memory of its file's analyses); two users of one key must not hold the
// buffer at the same time. What is built in it is valid only while the
// file is linted, and no Diagnostic may point into it. Scratch returns nil
// when the pass has no worker memory (a pass made by NewPass, as tests and
// benchmarks do): the caller then allocates as usual.
func (p *Pass) Scratch(key any, newBuffer func() ScratchBuffer) ScratchBuffer {
	s := p.scratch
	if s == nil && p.analysisPass != nil {
		s = p.analysisPass.scratch
	}
	if s == nil {
		return nil
	}
	b, ok := s.user[key]
	if !ok {
		if s.user == nil {
			s.user = map[any]ScratchBuffer{}
		}
		b = newBuffer()
		s.user[key] = b
		s.userList = append(s.userList, b)
	}
	return b
}
