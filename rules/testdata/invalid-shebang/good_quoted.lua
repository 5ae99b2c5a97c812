#!lua flags="no-writes" 'flags=allow-oom'
-- redis: ok
return 1
