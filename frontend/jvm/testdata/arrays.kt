package example

// want-scripts: 1

// Kotlin passes an array's elements to a varargs parameter only with *:
// listOf(*keys) has an unknown count, listOf(keys) one element.
const val SECOND = "return redis.call('GET', KEYS[2])"

class Arrays(private val template: StringRedisTemplate, private val commands: RedisCommands<String, String>) {
    fun run(keys: Array<String>, one: String) {
        template.execute(RedisScript.of<Long>(SECOND), listOf(*keys))
        template.execute(RedisScript.of<Long>(SECOND), listOf(one)) // want: numkeys-mismatch "passes 1 key"
        template.execute(RedisScript.of<Long>(SECOND), listOf("{k}1", "{k}2"))
        commands.eval<Long>(SECOND, ScriptOutputType.INTEGER, *keys)
        commands.eval<Long>(SECOND, ScriptOutputType.INTEGER, arrayOf(*keys))
        commands.eval<Long>(SECOND, ScriptOutputType.INTEGER, arrayOf("{k}1")) // want: numkeys-mismatch "passes 1 key"
    }
}
