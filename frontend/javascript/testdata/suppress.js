// Suppressions: a host comment above the literal, and a Lua comment inside.
// want-scripts: 3
const redis = require('ioredis')

// redis-lua-lint: ignore global-assignment
const A = "x = redis.call('GET', KEYS[1]) return x"

const B = `
  -- redis-lua-lint: ignore global-assignment
  y = redis.call('GET', KEYS[1])
  return y
`

// Only the rule named is silenced.
// redis-lua-lint: ignore nil-reply-check
const C = "z = redis.call('GET', KEYS[1]) return z" // want: global-assignment
