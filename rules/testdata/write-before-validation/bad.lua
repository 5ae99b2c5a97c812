local rcall = redis.call
rcall('SET', KEYS[1], ARGV[1])
local amount = tonumber(ARGV[2])
if not amount then
  return redis.error_reply('amount must be a number')    -- want: write-before-validation "ARGV[2] is validated after a write"
end
if type(ARGV[3]) ~= 'string' then
  error('bad kind')                                      -- want: write-before-validation "the 'SET' on line 2 stays"
end
local n = redis.call('DECRBY', KEYS[2], amount)
if n < 0 then
  -- the classic bug: the decrement stays
  return {err = 'insufficient funds'}                    -- want: write-before-validation "error reply is returned after a write"
end
local id = assert(tonumber(ARGV[4]), 'id must be a number')  -- want: write-before-validation "assert(...) may raise"
if not string.match(ARGV[5], '^%w+$') then
  return redis.error_reply('bad name')                   -- want: write-before-validation "ARGV[5] is validated"
end
return id
