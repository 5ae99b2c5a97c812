#!lua "flags=no-writes"x
-- want@1: invalid-shebang "unbalanced quotes"
-- redis: error "Invalid engine in script shebang"
return 1
