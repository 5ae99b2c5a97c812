-- The implicit arg table of a vararg function holds the caller's values:
-- keys built from it are not hard-coded (their origin is a parameter's).
local function get(...)
  local tag = arg[1]
  return redis.call('GET', 'ql:t:' .. tag)
end

local function each(...)
  for i = 1, arg.n do
    redis.call('DEL', 'ql:t:' .. arg[i])
  end
end

local function whole(...)
  return redis.call('SMEMBERS', table.concat(arg, ':'))
end

get(ARGV[1])
each(ARGV[2], ARGV[3])
return whole(ARGV[4])
