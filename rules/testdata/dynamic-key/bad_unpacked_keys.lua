-- Keys built in the script and collected in a table reach the command
-- through unpack: each stored value is judged as if passed by itself.
local ids = redis.call('SMEMBERS', KEYS[1])
local names = {}
for _, id in ipairs(ids) do
  table.insert(names, 'job:' .. id)
end
redis.call('DEL', unpack(names)) -- want: dynamic-key "collected in 'names' and passed with unpack"
local tagged = {}
tagged[#tagged + 1] = KEYS[2]
tagged[#tagged + 1] = ARGV[1] .. ':seen'
redis.call('SUNIONSTORE', KEYS[3], unpack(tagged, 1, #tagged)) -- want: dynamic-key "key built from ARGV[1] by concatenation, collected in 'tagged'"
local direct = {'lock:' .. ARGV[2]}
return redis.call('EXISTS', unpack(direct)) -- want: dynamic-key "collected in 'direct'"
