#!lua flags=no-writes,
-- want@1: invalid-shebang "remove the extra comma"
-- redis: error "Unexpected flag in script shebang: "
return 1
