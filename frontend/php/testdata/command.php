<?php
// Generic command calls with the command name as a literal argument.
// want-scripts: 9

// phpredis rawCommand, case blind; the count after the script.
$redis->rawCommand('EVAL', "return redis.call('MGET', KEYS[1], KEYS[2])", 1, 'k'); // want: numkeys-mismatch "passes 1 key"
$redis->rawCommand('eval_ro', 'return undefined_a', 0); // want: undefined-global
$redis->rawCommand('SCRIPT', 'LOAD', 'return undefined_b'); // want: undefined-global
$redis->rawCommand('function', 'load', 'replace', "#!lua name=php_l\nredis.register_function('php_f_l', function(keys, args) return undefined_c end)"); // want: undefined-global
// RedisCluster::rawCommand($keyOrNode, ...).
$cluster->rawCommand('k', 'EVAL', "return redis.call('GET', KEYS[2])", 1, 'k'); // want: numkeys-mismatch
// Predis executeRaw.
$client->executeRaw(['EVAL', "return redis.call('GET', KEYS[2])", 1, 'k']); // want: numkeys-mismatch
$client->executeRaw(['SCRIPT', 'LOAD', 'return undefined_d']); // want: undefined-global
$client->executeRaw(['FUNCTION', 'LOAD', 'REPLACE', "#!lua name=php_m\nredis.register_function('php_f_m', function(keys, args) return undefined_e end)"]); // want: undefined-global
// yii2-redis / Laravel / Predis: the name, then the arguments as an array.
$redis->executeCommand('SCRIPT', ['LOAD', 'return undefined_f']); // want: undefined-global

// Only when the command name is that literal: another command, or a
// name held in a variable, is not read.
$redis->rawCommand($cmd, "return redis.call('GET', KEYS[2])", 1, 'k');
$redis->rawCommand('SET', "return redis.call('GET', KEYS[2])", 1, 'k');
$redis->rawCommand('SCRIPT', 'EXISTS', 'return undefined_g');
$client->executeRaw(['EVALSHA', $sha, 0]);
