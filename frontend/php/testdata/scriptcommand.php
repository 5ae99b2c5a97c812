<?php
// A Predis ScriptCommand: getScript() returns the script, getKeysCount() the key count.
// want-scripts: 1

class IncrTwo extends Predis\Command\ScriptCommand
{
    public function getKeysCount()
    {
        return 1; // want: numkeys-mismatch
    }

    public function getScript()
    {
        return <<<LUA
redis.call('INCR', KEYS[1])
return redis.call('INCR', KEYS[2])
LUA;
    }
}
