-- Validate everything first, then write.
local rcall = redis.call
local amount = tonumber(ARGV[1])
if not amount then
  return redis.error_reply('amount must be a number')
end
assert(type(ARGV[2]) == 'string', 'bad kind')
local balance = tonumber(rcall('GET', KEYS[1]) or '0')
if balance < amount then
  return {err = 'insufficient funds'}
end
rcall('DECRBY', KEYS[1], amount)
-- Errors caught by pcall do not end the script.
local ok = pcall(function()
  error('ignored')
end)
-- Returning a reply (not an error) after writes is fine.
return {ok and 1 or 0, redis.call('GET', KEYS[1])}
