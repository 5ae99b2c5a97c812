<?php
// Suppressions: a host comment above the literal, and a Lua comment inside.
// want-scripts: 3

// redis-lua-lint: ignore global-assignment
$a = "x = redis.call('GET', KEYS[1]) return x";

$b = '
  -- redis-lua-lint: ignore global-assignment
  y = redis.call("GET", KEYS[1])
  return y
';

# redis-lua-lint: ignore nil-reply-check
$c = "z = redis.call('GET', KEYS[1]) return z"; // want: global-assignment
