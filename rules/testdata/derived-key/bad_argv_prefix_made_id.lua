-- A queue library: ARGV[1] is the key prefix ('{q}:'), the job id is made
-- in the script, so the caller cannot pass the job key in KEYS: info
-- (hash-tag advice), not dynamic-key's error.
local id = redis.call('INCR', KEYS[1])
redis.call('HSET', ARGV[1] .. id, 'data', ARGV[2]) -- want: derived-key[info] "the caller cannot pass it in KEYS"
redis.call('LPUSH', KEYS[2], id)
local next = redis.call('RPOP', KEYS[2])
if next then
  redis.call('DEL', ARGV[1] .. next .. ':lock') -- want: derived-key "carries a {hash tag}"
end
return id
