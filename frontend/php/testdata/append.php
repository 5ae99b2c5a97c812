<?php
// A script assembled with .= is read whole, up to its use.
// want-scripts: 2

function release($redis)
{
    $script = "local v = redis.call('GET', KEYS[1])\n";
    $script .= "if v == nil then return 0 end\n"; // want: nil-reply-check
    $script .= 'return redis.call("DEL", KEYS[2])';
    return $redis->eval($script, 1, 'k'); // want: numkeys-mismatch
}

function build($redis, $extra)
{
    $lua = "local n = redis.call('INCR', KEYS[1])\n";
    $lua .= "redis.call('EXPIRE', KEYS[1], " . $extra . ')';
    $lua .= "\nreturn n";
    return $redis->eval($lua, 1, 'k'); // want: script-built-at-runtime
}
