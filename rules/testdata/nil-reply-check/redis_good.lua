-- redis: reply bulk:"true"
-- redis-keys: nrc:missing nrc:a
redis.call('SET', KEYS[2], 'b')
local st = redis.call('SET', KEYS[2], 'c')
return tostring(not redis.call('GET', KEYS[1]) and st.ok == 'OK')
