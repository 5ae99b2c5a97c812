#!lua flags=no-writes flags=allow-oom
return 1
