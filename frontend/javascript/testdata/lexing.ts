// Comments, regular expressions and TypeScript syntax do not confuse the lexer.
// want-scripts: 2
import type { Redis } from 'ioredis'

const quote = /'/ // a regex with a quote
const tmpl = /`/g
/* a comment with a ' quote and a ` backquote */
class Locker {
  private readonly script: string = `
    if redis.call("GET", KEYS[1]) == ARGV[1] then
      return redis.call("DEL", KEYS[1])
    end
    w = 1 -- want: global-assignment
    return 0
  ` as const

  constructor(private redis: Redis) {}

  release(key: string, token: string) {
    return this.redis.eval(this.script, 1, key, token)
  }

  get(key: string) {
    const x = a < b ? 'redis' : "y" // not a script
    return this.redis.eval(
      'return redis.call("MGET", KEYS[1], KEYS[2])', // want@+1: numkeys-mismatch
      1, key)
  }
}
