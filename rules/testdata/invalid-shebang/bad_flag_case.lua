#!lua flags=NO-WRITES
-- want@1: invalid-shebang "Unexpected flag in script shebang: NO-WRITES"
-- redis: error "Unexpected flag in script shebang: NO-WRITES"
return 1
