#! lua flags=no-writes
-- want@1: invalid-shebang "write '#!lua'"
-- redis: error "Unexpected engine in script shebang: #!"
return 1
