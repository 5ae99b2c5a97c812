using ServiceStack.Redis;

// want-scripts: 12

// ServiceStack.Redis: ExecLua*(body, params args) passes no keys,
// ExecLua*(body, keys, args) the keys array.
public class ServiceStackScripts
{
    public async Task Run(IRedisClient redis, IRedisClientAsync client, RedisNativeClient native, string[] someKeys, CancellationToken token)
    {
        redis.ExecLuaAsInt("return 3141591");
        redis.ExecLuaAsInt("return ARGV[1] + ARGV[2]", "10", "20");
        redis.ExecLuaAsString("return KEYS[1] .. ARGV[1]", "k"); // want: numkeys-mismatch "passes 0 keys"
        redis.ExecLuaAsString("return KEYS[1] .. ARGV[1]", new[] { "k" }, new[] { "v" });
        redis.ExecLuaAsList("return {KEYS[1], KEYS[2]}", new[] { "k" }, new[] { "v" }); // want: numkeys-mismatch "passes 1 key"
        redis.ExecLua("return {KEYS[1], KEYS[2]}", someKeys, new[] { "v" });
        redis.ExecLuaAsList("return {KEYS[1], KEYS[2]}", keys: new[] { "k" }, args: new[] { "3" }); // want: numkeys-mismatch "passes 1 key"
        await client.ExecLuaAsIntAsync("return KEYS[1]", new[] { "v" }, token); // want: numkeys-mismatch "passes 0 keys"
        await client.ExecLuaAsIntAsync("return KEYS[1]", new[] { "k" }, new[] { "v" }, token);
        var sha1 = redis.LoadLuaScript("return 'hello'");
        redis.ExecLuaShaAsString(sha1);
        redis.ExecCachedLua("return redis.call('GET', KEYS[1])", sha => redis.ExecLuaShaAsString(sha, new[] { "k" }, new string[0]));
        native.EvalInt("return KEYS[2]", 1, "k".ToUtf8Bytes()); // want: numkeys-mismatch "passes 1 key"
    }
}
