local limit = ARGV[1]
if limit > 10 then                                       -- want: argv-tonumber "'limit' (an ARGV element) is a string"
  limit = 10
end
if ARGV[2] < 0 then                                      -- want: argv-tonumber "attempt to compare string with number"
  return 0
end
if ARGV[3] == 1 then                                     -- want: argv-tonumber "always false"
  return 1
end
if 0 ~= ARGV[4] then                                     -- want: argv-tonumber "always true"
  return 2
end
local ttl = ARGV[5]
redis.call('EXPIRE', KEYS[1], ttl * 1000)                -- want: argv-tonumber "'ttl' (ARGV[5]) is a string used in arithmetic"
local n = math.floor(ARGV[6])                            -- want: argv-tonumber "passed to math.floor"
for i = 1, ARGV[7] do                                    -- want: argv-tonumber "'for' bound"
  redis.call('RPOP', KEYS[1])
end
local total = -ARGV[8]                                   -- want: argv-tonumber "arithmetic"
if tonumber(ARGV[1]) == ARGV[9] then                     -- want: argv-tonumber "never equals a number"
  return 3
end
return n + total
