// Rate limiter (ioredis): the script is a template literal.
const Redis = require('ioredis')
const redis = new Redis()
redis.defineCommand('hit', {
  numberOfKeys: 1,
  lua: `
local n = redis.call('INCR', KEYS[1])
return 'é€😀' .. tonumbr(n)`,
})
