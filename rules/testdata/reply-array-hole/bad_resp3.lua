-- After redis.setresp(3) a missing value arrives as nil.
redis.setresp(3)
local owner = redis.call('HGET', KEYS[1], 'owner')
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if ARGV[2] == 'a' then
  return {owner, 'x'} -- want: reply-array-hole "'owner' can be nil here (the 'HGET' reply on line 3"
end
if score then
  return {score, 'x'} -- tested first
end
return {KEYS[1], redis.call('LINDEX', KEYS[3], 0), 'y'} -- want: reply-array-hole "the 'LINDEX' reply is nil"
