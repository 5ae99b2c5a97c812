#!/usr/bin/lua
-- want@1: invalid-shebang "not a Unix interpreter line"
-- redis: error "Unexpected engine in script shebang: #!/usr/bin/lua"
return 1
