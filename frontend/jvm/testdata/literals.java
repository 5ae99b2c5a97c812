package example;

// want-scripts: 7

import redis.clients.jedis.Jedis;

public class Literals {
    // A constant chain over several lines, comments between the parts.
    static final String GET_OR_NIL =
        "local v = redis.call('GET', KEYS[1]) " + // the read
        /* the check */ "if v == nil then return 0 end " + // want: nil-reply-check
        "return v";

    private static final String ESCAPES = "x = 1\n" + // want: global-assignment
        "return redis.call(\"GET\", KEYS[1])\t-- tab\u0020and unicode";

    public static final String OCTAL = "\170 = \062\nreturn redis.call('GET', KEYS[1])"; // want: global-assignment

    static final String TEXT_BLOCK = """
            local v = redis.call('GET', KEYS[1])   
            if v == nil then -- want: nil-reply-check
              return 0
            end \
            return v
            """;

    static final String JOINED = String.join("\n",
        "local n = redis.call('INCR', KEYS[1])",
        "y = n"); // want: global-assignment

    static final String LISTED = String.join("\n", List.of(
        "local n = redis.call('INCR', KEYS[1])",
        "z = n")); // want: global-assignment

    static final String PREFIX = "return redis.call('GET', 'user:' .. ARGV[1])"; // want: dynamic-key

    // Plain strings that only mention redis are not scripts.
    static final String DOC = "see redis.io";
    static final String NOT_LUA = "call redis.call later";

    void run(Jedis jedis) {
        String greeting = "hello";
        jedis.set("k", greeting);
    }
}
