package analyzer

// Scratch is the per-worker scratch state, for benchmarks and tests in
// package analyzer_test that run analyses as the engine's workers do.
type Scratch = scratch

// NewScratchPass is NewPass for a shared analysis (no rule, no report)
// with s as the worker's scratch: the analyses it computes may use s's
// buffers, as under the engine. Call s.Release when done with the file.
func NewScratchPass(p *Pass, s *Scratch) *Pass {
	p.scratch = s
	// Analyses get this pass (they are computed with p's results), and
	// so the scratch too.
	p.analysisPass = p
	return p
}

// Release is scratch.release, for tests.
func (s *Scratch) Release() { s.release() }
