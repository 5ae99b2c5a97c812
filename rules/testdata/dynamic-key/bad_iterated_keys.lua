-- Keys collected in a local table and read back one by one (ipairs, or a
-- local bound to t[i]) are judged by the values stored in the table.
local targets = {}
for _, raw in ipairs(redis.call('HVALS', KEYS[1])) do
  table.insert(targets, cjson.decode(raw).stream)
end
for _, stream in ipairs(targets) do
  redis.call('XADD', stream, '*', 'payload', ARGV[1]) -- want: dynamic-key "collected in 'targets' and read back from it"
end
local names = {}
names[#names + 1] = 'job:' .. ARGV[2]
for i = 1, #names do
  local name = names[i]
  redis.call('DEL', name) -- want: dynamic-key "key built from ARGV[2] by concatenation, collected in 'names'"
end
local declared = {}
for i = 1, #KEYS do
  declared[#declared + 1] = KEYS[i]
end
for _, k in ipairs(declared) do
  redis.call('INCR', k)
end
local first = names[1]
return redis.call('EXISTS', first)
