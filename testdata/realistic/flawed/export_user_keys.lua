-- Export a user's data for a GDPR request. The keys are derived inside
-- the script from the user id in ARGV (string.format) and from a JSON
-- manifest, so cluster routing never sees them; the follower set is read
-- whole and unpacked into one SREM, which fails past ~8000 followers.
--
-- KEYS[1]  export list (destination)
-- ARGV[1]  user id
-- ARGV[2]  manifest JSON {"extra_key": "..."}
-- realistic: keys=export:{job1} args=42,{"extra_key":"prefs:42"}
local rcall = redis.call
local export_key = KEYS[1]
local user = ARGV[1]
local manifest = cjson.decode(ARGV[2])

local profile = rcall('GET', string.format('user:%s:profile', user)) -- want: dynamic-key
rcall('RPUSH', export_key, profile or '')
local extra = rcall('GET', manifest.extra_key) -- want: dynamic-key
rcall('RPUSH', export_key, extra or '')

local followers_key = 'user:' .. user .. ':followers'
local followers = rcall('SMEMBERS', followers_key) -- want: dynamic-key, unbounded-read
if #followers > 0 then
  rcall('SREM', followers_key, unpack(followers)) -- want: unbounded-unpack
end
return rcall('LLEN', export_key)
