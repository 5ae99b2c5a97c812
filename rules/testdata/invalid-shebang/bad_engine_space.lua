#! lua flags=no-writes
-- want@1: invalid-shebang "Unexpected engine in script shebang: #!\""
-- redis: error "Unexpected engine in script shebang: #!"
return 1
