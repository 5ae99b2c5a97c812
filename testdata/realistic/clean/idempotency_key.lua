-- Idempotency keys for a payments API (Stripe-style): the first request
-- with a key claims it; a retry while the first is still running is told
-- to wait; a retry after completion gets the stored response.
--
-- KEYS[1]  idempotency record (hash: state, fingerprint, response)
-- ARGV[1]  request fingerprint (hash of method, path and body)
-- ARGV[2]  record lifetime in seconds
-- Returns {"claimed"}, {"in_progress"}, {"done", response} or an error
-- when the key was used for a different request.
--
-- realistic: keys=idem:{acct:3}:8d1e2f args=sha256:aa11,86400
-- realistic: setup=HSET idem:{acct:3}:8d1e2f state done fingerprint sha256:aa11 response {"charge":"ch_1"}
local rcall = redis.call
local key = KEYS[1]
local fingerprint = ARGV[1]
local ttl = tonumber(ARGV[2])
if not ttl or ttl <= 0 then
  return redis.error_reply('ERR lifetime must be a positive number of seconds')
end

local record = rcall('HMGET', key, 'state', 'fingerprint', 'response')
local state = record[1]
if not state then
  rcall('HSET', key, 'state', 'in_progress', 'fingerprint', fingerprint)
  rcall('EXPIRE', key, ttl)
  return {'claimed'}
end
if record[2] ~= fingerprint then
  return redis.error_reply('ERR idempotency key reused with a different request')
end
if state == 'done' then
  return {'done', record[3]}
end
return {'in_progress'}
