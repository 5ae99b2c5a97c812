<html><body>redis.call('GET', KEYS[1]) outside PHP is not code</body></html>
<?php
// No script here: strings that mention redis are not scripts.
// want-scripts: 0
$msg = 'redis.call is what Lua scripts use';
$redis->get('key');
$x = "a {$b['redis.call(1)']} c";
?>
<p>'unbalanced quote in HTML</p>
