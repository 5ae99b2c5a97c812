#!lua flags=allow-oom,bogus
return 1 -- want@1: invalid-shebang "bogus"
