// The scripting calls of ioredis, node-redis and @upstash/redis.
// want-scripts: 14
import Redis from 'ioredis';
import { createClient, defineScript } from 'redis';

const redis = new Redis();

// ioredis eval: the key count is the second argument.
const RELEASE: string = `
  if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[2])
  end
  return 0
`;
await redis.eval(RELEASE, 1, 'lock:a', 'token'); // want: numkeys-mismatch "KEYS[2] but eval passes 1 key"

// Two literal keys in different slots.
await redis.eval("return redis.call('MGET', KEYS[1], KEYS[2])", 2, 'a', 'b'); // want: cross-slot-keys

// The same keys with a hash tag are fine.
await redis.eval("return redis.call('MGET', KEYS[1], KEYS[2])", 2, '{u}a', '{u}b');

// ioredis defineCommand: numberOfKeys and lua.
redis.defineCommand('incrTwo', {
  numberOfKeys: 1, // want: numkeys-mismatch
  lua: 'redis.call("INCR", KEYS[1]) return redis.call("INCR", KEYS[2])',
});

// node-redis v4: defineScript and the options form of eval.
const client = createClient({
  scripts: {
    add: defineScript({
      NUMBER_OF_KEYS: 1,
      SCRIPT: "local v = redis.call('GET', KEYS[1]) " +
        "if v == nil then return 0 end return v", // want: nil-reply-check
      transformArguments: (k: string) => [k],
    }),
  },
});
await client.eval("return redis.call('GET', KEYS[1]) .. redis.call('GET', KEYS[2])", { // want@+1: numkeys-mismatch "passes 1 key"
  keys: ['k1'],
  arguments: [],
});

// A script built at run time: every variant is a new script.
const prefix = process.env.PREFIX;
await redis.eval(`return redis.call('GET', '${prefix}' .. KEYS[1])`, 1, 'k'); // want: script-built-at-runtime

// A Functions library: FUNCTION LOAD takes no keys.
await client.functionLoad(`#!lua name=lib
redis.register_function('get', function(keys, args)
  return redis.call('GET', keys[1])
end)`);

// SCRIPT LOAD of a constant.
const LOAD_ME = 'return redis.call("PING")';
await redis.script('load', LOAD_ME);

// One constant run by two calls: each call's key count is checked.
const TWO_KEYS = "return redis.call('MGET', KEYS[1], KEYS[2])";
await redis.eval(TWO_KEYS, 2, '{t}a', '{t}b');
await redis.eval(TWO_KEYS, 1, '{t}a'); // want: numkeys-mismatch

// Generic command calls with the script written out.
await redis.call('EVAL', "return redis.call('GET', KEYS[1], KEYS[2])", 1, 'k'); // want: numkeys-mismatch, wrong-arity
await client.sendCommand(['EVAL', "return redis.call('MGET', KEYS[1], KEYS[2])", '2', 'a', 'b']); // want: cross-slot-keys
await redis.call('JSON.SET', 'doc', '$', '{"a":1}');

// A template placeholder naming a string constant of the file is the
// constant's text: the script is constant, and linted with it.
const PREFIX = 'app:';
await redis.eval(`return redis.call('MGET', '${PREFIX}' .. KEYS[1], KEYS[2])`, 1, 'k'); // want: numkeys-mismatch, derived-key

// TypeScript type arguments between the method and its arguments.
await redis.eval<string>("return redis.call('GET', KEYS[1]) .. redis.call('GET', KEYS[2])", 1, 'k'); // want: numkeys-mismatch
