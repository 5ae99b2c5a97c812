package luaast
import ("testing";"fmt";"syscall";"bytes";"time";"os"; glparse "github.com/yuin/gopher-lua/parse")
func cpuNow() time.Duration { var r syscall.Rusage; syscall.Getrusage(syscall.RUSAGE_SELF, &r); return time.Duration(r.Utime.Nano()+r.Stime.Nano()) }
func TestCPUBench(t *testing.T) {
	src, err := os.ReadFile("/tmp/bench1mb.lua"); if err != nil { t.Skip() }
	for round := 0; round < 2; round++ {
	n := 20
	c0 := cpuNow(); w0 := time.Now()
	for i := 0; i < n; i++ { if _, err := Parse("b", src); err != nil { t.Fatal(err) } }
	c1 := cpuNow(); w1 := time.Now()
	for i := 0; i < n/4; i++ { if _, err := glparse.Parse(bytes.NewReader(src), "b"); err != nil { t.Fatal(err) } }
	c2 := cpuNow(); w2 := time.Now()
	ours := float64(len(src)*n)/1e6/(c1-c0).Seconds(); gl := float64(len(src)*(n/4))/1e6/(c2-c1).Seconds()
	fmt.Printf("CPU-time throughput: ours %.1f MB/s, gopher-lua %.1f MB/s, ratio %.1fx; wall ratio %.1fx\n", ours, gl, ours/gl, (w2.Sub(w1).Seconds()/float64(n/4))/(w1.Sub(w0).Seconds()/float64(n)))
	}
}
