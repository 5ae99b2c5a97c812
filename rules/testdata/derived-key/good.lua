-- Not derived-key's: whole KEYS elements, literals (hardcoded-key), keys
-- from ARGV, replies or decoded data (dynamic-key), a piece cut out of a
-- KEYS element or a KEYS element changed by a string function
-- (dynamic-key: the tag may be lost), and a parameter of unknown origin.
local key = KEYS[1]
redis.call('GET', key)
redis.call('SET', KEYS[2], 1)
redis.call('GET', 'config')
redis.call('INCR', 'rate:' .. ARGV[1])
redis.call('GET', ARGV[2] .. KEYS[1])
local job = redis.call('LPOP', KEYS[1])
redis.call('HGETALL', 'job:' .. job)
local owner = string.match(KEYS[1], '^(.-):')
redis.call('SADD', owner .. ':all', 1)
redis.call('GET', KEYS[1]:lower() .. ':x')
-- A built key found equal to a KEYS element is declared.
local wanted = 'q:' .. ARGV[3]
for _, declared in ipairs(KEYS) do
  if declared == wanted then
    redis.call('DEL', wanted)
  end
end
return 1
