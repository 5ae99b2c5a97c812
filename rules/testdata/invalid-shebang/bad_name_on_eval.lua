#!lua name=myscript
-- want@1: invalid-shebang "registers no function"
-- redis: error "No functions registered"
return 1
