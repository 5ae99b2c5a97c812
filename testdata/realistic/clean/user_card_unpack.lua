-- Build a user card from two hashes; HMGET replies have exactly one element
-- per requested field, so unpacking them into locals is safe.
--
-- KEYS[1]  user hash
-- KEYS[2]  user stats hash
-- Returns {name, email, posts, followers}; missing numbers read as 0.
--
-- realistic: keys=user:{42},user:{42}:stats
-- realistic: setup=HSET user:{42} name Ada email ada@example.com; HSET user:{42}:stats posts 12
local rcall = redis.call
local user_key, stats_key = KEYS[1], KEYS[2]

local name, email = unpack(rcall('HMGET', user_key, 'name', 'email'))
if not name then
  return redis.error_reply('NOUSER no such user')
end
local posts, followers = unpack(rcall('HMGET', stats_key, 'posts', 'followers'))
return {name, email or '', tonumber(posts) or 0, tonumber(followers) or 0}
