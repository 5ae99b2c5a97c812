-- Push a batch of jobs onto a Sidekiq-style queue: register the queue name
-- in the set of known queues and append every payload. ARGV holds the
-- payloads, so a push never builds more arguments than the caller sent.
--
-- KEYS[1]  set of queue names ({sidekiq}:queues)
-- KEYS[2]  queue list        ({sidekiq}:queue:default)
-- ARGV[1]  queue name (member of KEYS[1])
-- ARGV[2..] job payloads (JSON)
-- Returns the queue length.
--
-- realistic: keys={sidekiq}:queues,{sidekiq}:queue:default args=default,{"class":"HardWorker"},{"class":"Mailer"}
local rcall = redis.call
local queues_key, queue_key = KEYS[1], KEYS[2]
local name = ARGV[1]
if #ARGV < 2 then
  return redis.error_reply('ERR no job payloads given')
end
for i = 2, #ARGV do
  if not pcall(cjson.decode, ARGV[i]) then
    return redis.error_reply('ERR payload ' .. (i - 1) .. ' is not valid JSON')
  end
end

rcall('SADD', queues_key, name)
local length = 0
for i = 2, #ARGV do
  length = rcall('LPUSH', queue_key, ARGV[i])
end
return length
