-- Under RESP3 a null reply is nil. SET replies null only with the options
-- that make it conditional (NX, XX, GET ...), written in the script; a value
-- from ARGV in SET's value slot is not such an option.
redis.setresp(3)
local claimed = redis.call('SET', KEYS[1], ARGV[1], 'NX')
local plain = redis.call('SET', KEYS[2], ARGV[1])
if ARGV[2] == 'claim' then
  return {claimed, 'done'} -- want: reply-array-hole
end
return {plain, 'done'}
