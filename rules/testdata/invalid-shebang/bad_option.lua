#!lua foo=bar
-- want@1: invalid-shebang "Unknown lua shebang option: foo=bar"
-- redis: error "Unknown lua shebang option: foo=bar"
return 1
