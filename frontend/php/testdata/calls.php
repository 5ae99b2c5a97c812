<?php
// The scripting calls of Predis, phpredis and Laravel.
// want-scripts: 8

class Lock
{
    const RELEASE = <<<'LUA'
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[2])
end
return 0
LUA;

    private $script = "return redis.call('GET', KEYS[1]) .. redis.call('GET', KEYS[2])";

    public function release($client, $redis)
    {
        // Predis: eval($script, $numkeys, ...$keys, ...$args).
        $client->eval(self::RELEASE, 1, 'lock:a', 'token'); // want: numkeys-mismatch "KEYS[2] but eval passes 1 key"

        // phpredis: eval($script, [$keys..., $args...], $numKeys).
        $redis->eval($this->script, ['k1', 'arg'], 1); // want: numkeys-mismatch
    }

    public function slots($client, $redis)
    {
        // Two literal keys in different slots (Predis).
        $client->eval("return redis.call('MGET', KEYS[1], KEYS[2])", 2, 'a', 'b'); // want: cross-slot-keys
        // phpredis, with a hash tag: fine.
        $redis->eval("return redis.call('MGET', KEYS[1], KEYS[2])", ['{u}a', '{u}b'], 2);
        // Laravel's facade.
        Redis::eval("return redis.call('MGET', KEYS[1], KEYS[2])", 2, '{u}a', 'b'); // want: cross-slot-keys
    }

    public function runtime($client, $name)
    {
        // Built at run time: every variant is a new script.
        $client->eval("return redis.call('GET', '$name' .. KEYS[1])", 1, 'k'); // want: script-built-at-runtime
        $client->eval('return redis.call("GET", KEYS[1]) .. "' . $name . '"', 1, 'k'); // want: script-built-at-runtime
    }

    public function library($client)
    {
        // FUNCTION LOAD takes no keys.
        $client->function->load("#!lua name=lib
redis.register_function('get', function(keys, args)
  return redis.call('GET', keys[1])
end)");
    }

    public function twice($client)
    {
        // One constant run by two calls: each call's key count is checked.
        $client->eval(self::RELEASE, 2, '{t}a', '{t}b');
        $client->eval(self::RELEASE, 1, '{t}a'); // want: numkeys-mismatch
    }
}
