package example;

// want-scripts: 2

public class Placeholder {
    void run(Jedis jedis, String op) {
        // The format call leaves a placeholder where the operator goes: the
        // syntax error is the placeholder's, and the message says so.
        jedis.eval(String.format("return redis.call('GET', KEYS[1]) %s 1", op), 1, "k"); // want: syntax-error "the host code fills in", script-built-at-runtime
        jedis.eval("return redis.call('GET', KEYS[1]) ".formatted(op), 1, "k");
    }
}
