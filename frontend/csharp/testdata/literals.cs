using StackExchange.Redis;

// want-scripts: 8

public class Literals
{
    // A chain over several lines, comments between the parts.
    private const string GetOrNil =
        "local v = redis.call('GET', KEYS[1]) " + // the read
        /* the check */ "if v == nil then return 0 end " + // want: nil-reply-check
        "return v";

    private static readonly string Escapes = "x = 1\n" + // want: global-assignment
        "return redis.call(\"GET\", KEYS[1])\t-- \u0041\x42";

    // A verbatim string: "" is a quote, lines are lines.
    private const string Verbatim = @"
local v = redis.call(""GET"", KEYS[1])
y = v -- want: global-assignment
return v";

    // A raw string: the closing quotes' column is the indentation.
    private const string Raw = """
        local v = redis.call("GET", KEYS[1])
        if v == nil then -- want: nil-reply-check
            return 0
        end
        return v
        """;

    private static string Dynamic => "return redis.call('GET', 'user:' .. ARGV[1])"; // want: dynamic-key

    // Interpolation: a placeholder for the run-time part, a constant filled in.
    private const string Prefix = "user:";

    public string Interpolated(string id) => $"return redis.call('GET', '{Prefix}' .. ARGV[1]), '{id}', '{{braces}}'"; // want: dynamic-key

    public string VerbatimInterpolated(string id) => $@"z = redis.call(""GET"", KEYS[1]) -- {id}"; // want: global-assignment

    public string RawInterpolated(string id) => $$"""w = redis.call("GET", KEYS[1]) -- {{id}} {literal}"""; // want: global-assignment

    // Plain strings that only mention redis are not scripts.
    private const string Doc = "see redis.io";
}
