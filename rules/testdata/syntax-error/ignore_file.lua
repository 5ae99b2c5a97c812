-- redis-lua-lint: ignore-file syntax-error -- kept as Lua 5.3 on purpose
-- fixture: allow-parse-errors
return 7 // 2
