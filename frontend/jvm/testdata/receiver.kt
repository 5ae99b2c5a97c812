package example

import org.springframework.data.redis.core.script.RedisScript

// want-scripts: 5

// A project's own extension: the script is the string it is called on.
inline fun <reified T> String.toRedisScript(): RedisScript<T> = RedisScript.of(this, T::class.java)

fun String.asLuaScript(): RedisScript<Long> = RedisScript.of(this, Long::class.java)

const val GET = "return redis.call('GET', KEYS[1])"

class Receivers(private val manager: RedisManager) {
    fun run() {
        val answer = "return 42".toRedisScript<Long>()
        val list = "return {1, 2, 3}".toRedisScript<List<Long>>()
        val trimmed = """
            local v = redis.call('GET', KEYS[1])
            if v == nil then return 0 end -- want: nil-reply-check
            return v
        """.trimIndent().toRedisScript<Long>()
        val named = GET.toRedisScript<String>()
        val lua = "x = 1 return x".asLuaScript() // want: global-assignment
        manager.executeScript(answer, listOf("k"), listOf())
        // Not a script: a one-word string, a call's result, another name.
        val id = "scriptId".toRedisScript<Long>()
        val loaded = load("a.lua").toRedisScript<Long>()
        val text = "return 1".toScriptText()
    }
}
