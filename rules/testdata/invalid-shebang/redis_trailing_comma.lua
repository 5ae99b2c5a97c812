#!lua flags=no-writes,
-- redis: error "Unexpected flag in script shebang"
return 1 -- want@1: invalid-shebang
