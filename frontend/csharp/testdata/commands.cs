using StackExchange.Redis;

// want-scripts: 4

// IDatabase.Execute sends a command by name: the argument after "EVAL" is
// the script, the one after it the key count.
public class Commands
{
    public async Task Run(IDatabase db)
    {
        db.Execute("EVAL", "return redis.call('GET', KEYS[2])", 1, "k"); // want: numkeys-mismatch "passes 1 key"
        await db.ExecuteAsync("eval", "return redis.call('GET', KEYS[1])", 1, "k");
        db.Execute("SCRIPT", "LOAD", "x = 1 return x"); // want: global-assignment
        await db.ExecuteAsync("EVAL_RO", "return ARGV[1]", 0, "a");
        db.Execute("EVALSHA", "return 1", 0);
        db.Execute("SET", "return 1", "v");
    }
}
