// want-scripts: 2

// A project's own extension method: the script is the string it is
// called on.
public static class Receivers
{
    public static RedisScript ToRedisScript(this string body) => new RedisScript(body);

    public static void Run()
    {
        var answer = "return 42".ToRedisScript();
        var global = @"x = 1 return x".ToRedisScript(); // want: global-assignment
        var id = "scriptId".ToRedisScript();
    }
}
