-- Profile card for a user: name, age and avatar. tonumber(false) is nil
-- when the age field is missing, and a nil in a reply table ends the
-- array: the avatar silently disappears from the reply.
--
-- KEYS[1]  user hash
-- realistic: keys=user:{42}
-- realistic: setup=HSET user:{42} name Ada avatar a.png
local rcall = redis.call
local key = KEYS[1]

local fields = rcall('HMGET', key, 'name', 'age', 'avatar')
local age = tonumber(fields[2])
return {fields[1], age, fields[3]} -- want: reply-array-hole
