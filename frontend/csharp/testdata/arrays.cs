using StackExchange.Redis;

// want-scripts: 1

// A literal array passes its elements; an array variable an unknown count.
public class Arrays
{
    private const string Second = "return redis.call('GET', KEYS[2])";

    public void Run(IDatabase db, RedisKey[] keys, RedisKey one)
    {
        var two = new RedisKey[] { "{k}1", "{k}2" };
        db.ScriptEvaluate(Second, keys);
        db.ScriptEvaluate(Second, two);
        db.ScriptEvaluate(Second, new RedisKey[] { one }); // want: numkeys-mismatch "passes 1 key"
        db.ScriptEvaluate(Second, new[] { "{k}1", "{k}2" });
        db.ScriptEvaluate(Second, keys: new RedisKey[] { "{k}1" }); // want: numkeys-mismatch "passes 1 key"
    }
}
