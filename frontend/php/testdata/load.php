<?php
// phpredis loads: function('load', [replace,] $lib) takes the library
// last; RedisCluster::script($keyOrNode, 'load', $src) takes the node
// first.
// want-scripts: 4

$redis->function('load', "#!lua name=php_a\nredis.register_function('php_f_a', function(keys, args) return undefined_a end)"); // want: undefined-global
$redis->function('load', 'replace', "#!lua name=php_b\nredis.register_function('php_f_b', function(keys, args) return undefined_b end)"); // want: undefined-global
$redis->function('LOAD', 'REPLACE');
$redis->function('dump');

$src = 'return undefined_c'; // want: undefined-global
$cluster->script($key, 'load', $src);
$cluster->script($key, 'flush');
$cluster->script('load', 'return undefined_d'); // want: undefined-global
$cluster->script($key, 'exists', 'return 1');
