local function go(keys, args)
  redis.call('SET', keys[1], args[1])
  if not string.match(args[2], '^%d+$') then
    return redis.error_reply('ERR bad') -- want: write-before-validation
  end
  return 1
end
return go(KEYS, ARGV)
