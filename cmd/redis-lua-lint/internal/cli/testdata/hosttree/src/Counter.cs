using StackExchange.Redis;

public static class Counter
{
    // A verbatim string.
    const string Script = @"local v = redis.call('INCR', KEYS[1])
return tonumbr(v)";

    public static RedisResult Incr(IDatabase db) =>
        db.ScriptEvaluate(Script, new RedisKey[] { "counter" });
}
