package example;

// want-scripts: 5

// A call sending a scripting command by name: the argument after EVAL is
// the script, the one after it the key count.
public class Commands {
    void jedis(Jedis jedis, UnifiedJedis unified) {
        jedis.sendCommand(Protocol.Command.EVAL, "return redis.call('GET', KEYS[2])", "1", "k"); // want: numkeys-mismatch "passes 1 key"
        jedis.sendCommand(Protocol.Command.EVAL, "return redis.call('GET', KEYS[1])", "1", "k");
        unified.sendCommand(Command.EVAL_RO, "return KEYS[1]", "0"); // want: numkeys-mismatch "passes 0 keys"
        jedis.sendCommand(Protocol.Command.SCRIPT, Protocol.Keyword.LOAD, "x = 1 return x"); // want: global-assignment
        jedis.sendCommand(Protocol.Command.FUNCTION, "LOAD", "REPLACE", "#!lua name=lib\nredis.register_function('f', function() return 1 end)");
        // EVALSHA takes a SHA1; other commands take no script.
        jedis.sendCommand(Protocol.Command.EVALSHA, "return 1", "0");
        jedis.sendCommand(Protocol.Command.SET, "return 1", "0");
    }
}
