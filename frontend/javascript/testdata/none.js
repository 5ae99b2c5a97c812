// No script here: ioredis's generic command API reads like Lua but is
// JavaScript, and strings that mention redis are not scripts.
// want-scripts: 0
const redis = require('ioredis')
await redis.call('JSON.SET', 'doc', '$', '{"a":1}')
const msg = 'redis.call is what Lua scripts use'
const re = /redis.call\('GET'/g
const half = a / 2 / b // a division, not a regex
const s = `template ${ `nested ${"redis.call('x')"}` }`
