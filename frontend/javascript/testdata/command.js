// Generic command calls with the command name as a literal argument.
// want-scripts: 10
const Redis = require('ioredis')

// ioredis call / callBuffer, case blind; the count after the script.
await redis.call('EVAL', "return redis.call('MGET', KEYS[1], KEYS[2])", 1, 'k'); // want: numkeys-mismatch "passes 1 key"
await redis.call('eval_ro', 'return undefined_a', 0); // want: undefined-global
await redis.call('SCRIPT', 'LOAD', 'return undefined_b'); // want: undefined-global
await redis.call('function', 'load', 'replace', "#!lua name=js_l\nredis.register_function('js_f_l', function(keys, args) return undefined_c end)"); // want: undefined-global
// ioredis Command objects.
await redis.sendCommand(new Redis.Command('eval', ["return redis.call('GET', KEYS[2])", 1, 'k'])); // want: numkeys-mismatch
await redis.sendCommand(new Command('EVAL', ['return undefined_d', 0])); // want: undefined-global
// node-redis v4, and a cluster's sendCommand(firstKey, isReadonly, args).
await client.sendCommand(['EVAL', "return redis.call('GET', KEYS[2])", '1', 'k']); // want: numkeys-mismatch
await cluster.sendCommand('k', false, ['EVAL', "return redis.call('GET', KEYS[2])", '1', 'k']); // want: numkeys-mismatch
await client.sendCommand(['FUNCTION', 'LOAD', "#!lua name=js_m\nredis.register_function('js_f_m', function(keys, args) return undefined_e end)"]); // want: undefined-global
// node-redis v3.
await client.send_command('EVAL', ['return undefined_f', 0]); // want: undefined-global

// Only when the command name is that literal: another command, or a
// name held in a variable, is not read.
await redis.call(cmd, "return redis.call('GET', KEYS[2])", 1, 'k');
await redis.call('SET', "return redis.call('GET', KEYS[2])", 1, 'k');
await client.sendCommand(['EVALSHA', sha, '0']);
await cluster.sendCommand('k', false, ['SET', 'return undefined_i', 'v']);
const c = new Redis.Command('get', ['return undefined_j']);
