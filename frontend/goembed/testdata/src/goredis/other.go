package goredis

const otherSrc = "return redis.call('GET', KEYS[1], 'x')" // want `takes exactly 1 argument`
