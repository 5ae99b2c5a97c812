<?php
// want-scripts: 1
class Limiter
{
    private $prefix;

    public function hit($redis)
    {
        // Its only run-time part is a property of the object: one variant per
        // instance, so script-built-at-runtime is information.
        return $redis->eval("return redis.call('INCR', KEYS[1] .. '{$this->prefix}')", ['k'], 1); // want: script-built-at-runtime[info] "fields of the object"
    }
}
