<?php
// Variables resolve in their own function; properties through $this.
// want-scripts: 4

class Store
{
    private $script = "return redis.call('GET', KEYS[1]) .. redis.call('GET', KEYS[2])";

    public function save($redis)
    {
        $script = "return redis.call('MGET', KEYS[1], KEYS[2], KEYS[3])";

        return $this->evaluate($script, 'k');
    }

    private function evaluate(string $script, string $key)
    {
        // $script is the parameter, not save()'s variable: nothing is known of it.
        return $this->redis->eval($script, [$key], 1);
    }

    public function get($redis)
    {
        // The property, not a variable.
        return $redis->eval($this->script, ['k'], 1); // want: numkeys-mismatch
    }

    public function closure($redis)
    {
        $lua = "return redis.call('GET', KEYS[1], ARGV[1])"; // want: wrong-arity
        return function () use ($redis) {
            // Not the outer $lua: a closure sees only what it imports.
            return $redis->eval($lua, 0);
        };
    }
}

function prefixed($redis)
{
    // An interpolated variable bound to a string in the same function is
    // that string: the script is constant.
    $prefix = 'app:';
    return $redis->eval("return redis.call('MGET', '{$prefix}' .. KEYS[1], KEYS[2])", 1, 'k'); // want: numkeys-mismatch, derived-key
}
