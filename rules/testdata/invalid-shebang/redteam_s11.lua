#!lua flags=no-write
return 1 -- want@1: invalid-shebang "no-writes"
