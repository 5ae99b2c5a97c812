-- Drain a work list into per-worker inboxes round-robin, at most 100 items
-- per call and never more than the list holds: the loop bounds are a
-- clamped reply, and a while loop with its own counter cap.
--
-- KEYS[1]     work list
-- KEYS[2..n]  worker inboxes
-- Returns the number of items distributed.
--
-- realistic: keys={w}:todo,{w}:inbox:1,{w}:inbox:2 args=
-- realistic: setup=RPUSH {w}:todo a b c d e
local rcall = redis.call
local todo_key = KEYS[1]
local workers = #KEYS - 1
if workers < 1 then
  return redis.error_reply('ERR pass at least one worker inbox')
end

local n = math.min(rcall('LLEN', todo_key), 100)
local given = 0
for i = 1, n do
  local item = rcall('LPOP', todo_key)
  if not item then
    break
  end
  rcall('RPUSH', KEYS[2 + (i - 1) % workers], item)
  given = given + 1
end

-- A second pass picks up items pushed meanwhile by this same script's
-- callers (none here), again bounded.
local extra = 0
while extra < 10 and given < 100 do
  local item = rcall('LPOP', todo_key)
  if not item then
    break
  end
  rcall('RPUSH', KEYS[2], item)
  extra = extra + 1
  given = given + 1
end
return given
