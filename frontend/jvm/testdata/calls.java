package example;

// want-scripts: 10

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

public class Calls {
    private static final String TWO_KEYS = "return redis.call('MGET', KEYS[1], KEYS[2])";

    private final DefaultRedisScript<Long> limiter = new DefaultRedisScript<>(
        "return redis.call('INCR', KEYS[1]) + redis.call('INCR', KEYS[2])", Long.class);

    void jedis(Jedis jedis, String name) {
        jedis.eval(TWO_KEYS, 1, "a", "b"); // want: numkeys-mismatch "KEYS[2]"
        jedis.eval(TWO_KEYS, 2, "a", "b");
        jedis.eval(TWO_KEYS, Arrays.asList("{u}a", "{u}b"), Collections.emptyList());
        jedis.eval(TWO_KEYS, List.of("a", "b"), List.of()); // want: cross-slot-keys "different cluster slots"
        // A script built at run time: a placeholder for the variable.
        jedis.eval("return redis.call('GET', KEYS[1]) .. '" + name + "'", 1, "k"); // want: script-built-at-runtime
        // redis-lua-lint: ignore numkeys-mismatch
        jedis.eval(TWO_KEYS, 0);
    }

    void lettuce(RedisCommands<String, String> commands) {
        commands.eval("return redis.call('GET', KEYS[2])", ScriptOutputType.VALUE, "k1"); // want: numkeys-mismatch "passes 1 key"
        commands.eval("return redis.call('GET', KEYS[2])", ScriptOutputType.VALUE, new String[]{"{a}1", "{a}2"}, "v");
    }

    void spring(RedisTemplate<String, String> template) {
        template.execute(limiter, Collections.singletonList("only")); // want: numkeys-mismatch "passes 1 key"
        template.execute(limiter, Arrays.asList("x", "y"));  // want: cross-slot-keys
    }

    void springText(RedisTemplate<String, String> template) {
        DefaultRedisScript<String> script = new DefaultRedisScript<>();
        script.setScriptText("return redis.call('GET', KEYS[1])");
        template.execute(script, Collections.emptyList()); // want: numkeys-mismatch "passes 0 keys"
    }

    void springTextAgain(RedisTemplate<String, String> template) {
        // The nearest script given to a receiver of that name before the call.
        DefaultRedisScript<String> script = new DefaultRedisScript<>();
        script.setScriptText("return 'HELLO'");
        template.execute(script, null);
    }

    void springBuilt(RedisTemplate<String, String> template, String suffix) {
        DefaultRedisScript<String> script = new DefaultRedisScript<>();
        script.setScriptText("return redis.call('GET', KEYS[1]) .. '" + suffix + "'"); // want: script-built-at-runtime
        template.execute(script, List.of("k"));
    }

    void redisson(RedissonClient redisson, CommandAsyncExecutor commandExecutor) {
        redisson.getScript().eval(RScript.Mode.READ_WRITE,
            "local v = redis.call('GET', KEYS[1]) if v == nil then return 0 end return v", // want: nil-reply-check
            RScript.ReturnType.VALUE, Collections.singletonList("k"));
        commandExecutor.evalWriteAsync(getRawName(), LongCodec.INSTANCE, RedisCommands.EVAL_LONG,
            "redis.call('SET', KEYS[1], ARGV[1]); " +
            "return redis.call('PEXPIRE', KEYS[2], ARGV[2]);",
            Arrays.<Object>asList(getRawName()), value, ttl); // want: numkeys-mismatch
    }
}
