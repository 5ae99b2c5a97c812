package app;

import redis.clients.jedis.Jedis;

public class Lock {
  // A concatenation over several lines, with escapes.
  static final String RELEASE = "if redis.call(\"GET\", KEYS[1]) == ARGV[1] then\n" +
      "  return redis.call(\"DEL\", KEYS[1])\n" +
      "end\n" +
      "return tonumbr(0)";

  Object release(Jedis jedis, String key, String token) {
    return jedis.eval(RELEASE, 1, key, token);
  }
}
