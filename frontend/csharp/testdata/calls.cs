using StackExchange.Redis;

// want-scripts: 5

public class Calls
{
    private const string TwoKeys = "return redis.call('MGET', KEYS[1], KEYS[2])";

    private static readonly LuaScript Prepared = LuaScript.Prepare(
        "local v = redis.call('GET', @key) if v == nil then return 0 end return v"); // want: nil-reply-check

    public void Run(IDatabase db, IServer server, string name, string op)
    {
        db.ScriptEvaluate(TwoKeys, new RedisKey[] { "a" }); // want: numkeys-mismatch "passes 1 key"
        db.ScriptEvaluate(TwoKeys, new RedisKey[] { "{u}a", "{u}b" });
        db.ScriptEvaluateAsync(TwoKeys, keys: new RedisKey[] { "a", "b" }, values: new RedisValue[] { 1 }); // want: cross-slot-keys
        db.ScriptEvaluate(TwoKeys); // want: numkeys-mismatch "passes 0 keys"
        // redis-lua-lint: ignore numkeys-mismatch
        db.ScriptEvaluate(TwoKeys, null);
        db.ScriptEvaluate($"return redis.call('GET', KEYS[1]) .. '{name}'", new RedisKey[] { "k" }); // want: script-built-at-runtime
        db.ScriptEvaluate(Prepared, new { key = (RedisKey)"k" });
        // The interpolation stands where an operator goes: the syntax error is the placeholder's.
        db.ScriptEvaluate($"return redis.call('GET', KEYS[1]) {op} 1", new RedisKey[] { "k" }); // want: syntax-error "the host code fills in", script-built-at-runtime
        server.ScriptLoad("x = redis.call('GET', KEYS[1]) -- redis-lua-lint: ignore global-assignment");
    }
}
