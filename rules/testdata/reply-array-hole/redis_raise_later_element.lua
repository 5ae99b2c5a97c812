-- redis: error "attempt to perform arithmetic on local 'count' (a nil value)"
-- redis-args: many
-- A raising use after the element stops the reply too: every field is
-- evaluated before the table is built.
local count = tonumber(ARGV[1])
return {count, count * 2}
