// Package scripts holds a script constant used from another package.
package scripts

// Unknown calls a command that does not exist.
const Unknown = "return redis.call('NOPE', KEYS[1])"
