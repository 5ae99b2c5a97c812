local rcall = redis.call
local function step(k, v)
  rcall('SET', k, v)
  if v == '' then
    error('empty value') -- want: write-before-validation
  end
end
step(KEYS[1], ARGV[1])
return 1
