<?php
// Predis, with a nowdoc.
function pop($client, $key) {
    return $client->eval(<<<'LUA'
        local job = redis.call('LPOP', KEYS[1])
        return tonumbr(job)
        LUA, 1, $key);
}
