-- Mark a job done and return a status line with a check mark written as
-- a Lua 5.3 escape. Redis runs Lua 5.1, where "\u{2713}" is just
-- "u{2713}": clients show "done u{2713}".
--
-- KEYS[1]  job hash
-- realistic: keys=job:{7}
local rcall = redis.call
local key = KEYS[1]

rcall('HSET', key, 'state', 'done')
return 'done \u{2713}' -- want: lua51-escape
