// Mentions redis, holds no script: not reported.
const Redis = require('ioredis')
module.exports = new Redis()
