-- fixture: option globals=queue_key,now,bump
-- The body of a script its loader joins to a header of locals (queue_key,
-- now) and a helper file (bump): the names listed in the option are the
-- header's, anything else is still reported.
local weight = tonumber(ARGV[1])
local total = bump(queue_key, weight)
redis.call('ZADD', queue_key .. ':seen', now, ARGV[2])
return {total, wieght} -- want: undefined-global "did you mean 'weight'?"
