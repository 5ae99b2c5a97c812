// Package decoy calls functions named like the client APIs in a package
// that is not a Redis client: nothing is reported.
package decoy

import "example.com/fake"

func calls() {
	fake.NewScript("x = 1 return tonumbr(KEYS[9])").Run(nil)
	fake.Eval("return redis.call('NOPE')", []string{"a", "b"})
}
