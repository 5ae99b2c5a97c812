<?php
// Every literal form of PHP holding a script, with a bug each.
// want-scripts: 8

// Single quotes: only \' and \\ are escapes.
const SINGLE = 'local v = redis.call(\'GET\', KEYS[1]) if v == nil then return 0 end return v'; // want: nil-reply-check

// Double quotes with escapes over several lines.
$double = "local n = redis.call('INCR', KEYS[1])\n
x = n
return n"; // want@-1: global-assignment "'x'"

// An interpolating heredoc.
$heredoc = <<<LUA
local v = redis.call('GET', KEYS[1])
if v == nil then -- want: nil-reply-check
  return 0
end
return v
LUA;

// An indented nowdoc (PHP 7.3): the closing marker's indentation goes.
function release() {
    $script = <<<'LUA'
        local k = 'lock:' .. ARGV[1]
        return redis.call('DEL', k) -- want: dynamic-key
        LUA;
    return $script;
}

// A . chain over lines with comments between its parts.
$chain = "local v = redis.call('HGET', KEYS[1], 'f')\n" . // the field
    /* a block comment */ 'y = v ' . // want: global-assignment "'y'"
    # a hash comment
    'return v';

// A class constant.
class Scripts
{
    const GET = "return redis.call('GET', 'user:' .. ARGV[1])"; // want: dynamic-key
}

// Hex and octal escapes in a double-quoted literal.
$bytes = "return redis.call('GET', '\x41\101' .. ARGV[1])"; // want: dynamic-key

// A plain string that mentions Redis is not a script.
$doc = 'uses redis to store sessions';

// Non-ASCII text is kept byte for byte.
$utf8 = "return redis.call('GET', 'é直接😀' .. ARGV[1])"; // want: dynamic-key
