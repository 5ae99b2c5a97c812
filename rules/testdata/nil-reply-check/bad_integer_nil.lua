-- An integer reply (ZCARD, INCR, EXISTS...) is never missing, never nil nor
-- false: a test of it against nil, or of a count against false, is always
-- false (or true), dead code that misroutes nothing (a missing key counts
-- as 0), so it is an info, one per and/or chain.
local n = redis.call('ZCARD', KEYS[1])
if n == nil then return 0 end -- want: nil-reply-check[info] "the test is always false: 'n' (reply of 'ZCARD') is an integer, never nil"
local c = redis.call('INCR', KEYS[2])
if c ~= nil then -- want: nil-reply-check[info] "the test is always true: 'c' (reply of 'INCR') is an integer, never nil"
  redis.call('EXPIRE', KEYS[2], 60)
end
if redis.call('EXISTS', KEYS[3]) == nil then return 1 end -- want: nil-reply-check[info] "the reply of 'EXISTS' is an integer, never nil"
local z = redis.call('ZCOUNT', KEYS[4], '-inf', '+inf')
if z == false then return 2 end -- want: nil-reply-check[info] "'z' (reply of 'ZCOUNT') is an integer, never a boolean (RESP2), so comparing it with false is always false"
-- Both clauses are dead: one finding for the chain, at the first.
local size = redis.call('ZCARD', KEYS[5])
if size == false or size == nil then return 3 end -- want: nil-reply-check[info] "comparing it with false is always false"
-- A 0/1 flag compared with false means "is it 0?": the branch never runs
-- for 0, a wrong branch, so it stays an error.
local set = redis.call('SETNX', KEYS[6], 'x')
if set == false then return 4 end -- want: nil-reply-check[error] "'set' (reply of 'SETNX') is the integer 0 or 1, never a boolean"
-- Two bulk replies in one chain are two problems.
local a = redis.call('GET', KEYS[7])
local b = redis.call('GET', KEYS[8])
if a == nil or b == nil then return 5 end -- want: nil-reply-check[error] "'a' (reply of 'GET')", nil-reply-check[error] "'b' (reply of 'GET')"
return n + c + z + size
