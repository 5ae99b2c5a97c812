// Names resolve in their scope: a parameter hides a constant, and a
// constant of another function is not this one's.
// want-scripts: 4
const redis = require('ioredis')

const script = "return redis.call('GET', KEYS[1], KEYS[2])" // want: wrong-arity

// The parameter hides the constant: nothing is known of this call.
function run(script, key) {
  return redis.eval(script, 1, key)
}

function a() {
  const lua = "return redis.call('MGET', KEYS[1], KEYS[2])"
  return lua
}

function b(key) {
  // Not a's constant: a's script is not checked against this call.
  return redis.eval(lua, 1, key)
}

// A member path reads properties, never a constant of the same name.
const PATH = "return redis.call('MGET', KEYS[1], KEYS[2])"
redis.eval(process.env.PATH, 1, 'k')

// A function whose body returns the script.
function releaseScript() {
  return "return redis.call('MGET', KEYS[1], KEYS[2])"
}
redis.eval(releaseScript(), 1, 'k') // want: numkeys-mismatch
