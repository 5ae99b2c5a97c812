local limit = ARGV[1]
if limit > 10 then                                       -- want: argv-tonumber[error] "'limit' (an ARGV element) is a string"
  limit = 10
end
if ARGV[2] < 0 then                                      -- want: argv-tonumber[error] "attempt to compare string with number"
  return 0
end
if ARGV[3] == 1 then                                     -- want: argv-tonumber[error] "always false"
  return 1
end
if 0 ~= ARGV[4] then                                     -- want: argv-tonumber[error] "always true"
  return 2
end
if tonumber(ARGV[1]) == ARGV[9] then                     -- want: argv-tonumber[error] "never equals a number"
  return 3
end
-- An ARGV string as the index of a table whose keys are numbers finds
-- nothing: KEYS, an array reply, a local array.
local key = KEYS[ARGV[5]]                                -- want: argv-tonumber[error] "ARGV[5] is a string used as an index of 'KEYS', whose keys are numbers"
local items = redis.call('LRANGE', KEYS[1], 0, 9)
local item = items[ARGV[6]]                              -- want: argv-tonumber[error] "index of 'items'"
local levels = {'low', 'mid', 'high'}
local pick = ARGV[7]
local level = levels[pick]                               -- want: argv-tonumber[error] "'pick' (ARGV[7]) is a string used as an index of 'levels'"
for i = 1, #levels do
  levels[i] = levels[i] .. ':' .. i
end
-- Order comparisons of two strings are lexical: '10' < '9'.
if ARGV[8] >= redis.call('HGET', KEYS[2], 'version') then -- want: argv-tonumber[warning] "are both strings: '>=' compares them lexically"
  return 4
end
if ARGV[10] < '100' then                                 -- want: argv-tonumber[warning] "ARGV[10] and '100' are both strings"
  return 5
end
return {key, item, level}
