#!lua FLAGS=no-writes
-- want@1: invalid-shebang "case-sensitive"
-- redis: error "Unknown lua shebang option: FLAGS=no-writes"
return 1
