local function fail(msg)
  return redis.error_reply(msg) -- want: write-before-validation
end
redis.call('SET', KEYS[1], ARGV[1])
if ARGV[2] == '' then
  return fail('empty')
end
return 1
