package example

// want-scripts: 9

object Scripts {
    const val PREFIX = "user:"

    // A raw string with trimIndent: the indentation goes, each byte keeps its place.
    val unlock = """
        local v = redis.call("GET", KEYS[1])
        if v == nil then -- want: nil-reply-check
            return 0
        end
        return v
    """.trimIndent()

    private val margin = """
        |local n = redis.call("INCR", KEYS[1])
        |total = n -- want: global-assignment
    """.trimMargin()

    // A template: a placeholder for the run-time part.
    fun keyed(id: String) = "return redis.call('GET', '$PREFIX' .. ARGV[1]), '${id}'" // want: dynamic-key

    val escaped = "x = 1\nreturn redis.call(\"GET\", KEYS[1]) -- \$ sign" // want: global-assignment

    val chained = "local a = redis.call('GET', KEYS[1]) " +
        "b = a" // want: global-assignment

    val silenced = "c = redis.call('GET', KEYS[1]) -- redis-lua-lint: ignore global-assignment"
}

class Runner(private val commands: RedisCoroutinesCommands<String, String>) {
    suspend fun run(key: String) {
        commands.eval<Long>(Scripts.unlock, ScriptOutputType.INTEGER, key)
        // redis-lua-lint: ignore global-assignment
        commands.eval<Long>("d = redis.call('GET', KEYS[1])", ScriptOutputType.INTEGER, "k")
        commands.eval<Long>("return redis.call('GET', KEYS[1]) .. '$key'", ScriptOutputType.VALUE, "k") // want: script-built-at-runtime
    }
}

// The raw-string idiom for a dollar sign is the character itself.
val dollar = """return redis.call("GET", KEYS[1]) .. "${'$'}" """
