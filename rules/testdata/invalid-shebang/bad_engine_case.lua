#!LUA
-- want@1: invalid-shebang "Unexpected engine in script shebang: #!LUA"
-- redis: error "Unexpected engine in script shebang: #!LUA"
return 1
