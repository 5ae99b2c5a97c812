-- Keys built only from literals are hard-coded keys.
redis.call('SET', string.format('%s', 'x'), 1) -- want: hardcoded-key "key 'x'"
redis.call('SET', string.format('%s:%d', 'job', 7), 1) -- want: hardcoded-key "key 'job:7'"
redis.call('SET', ('%s'):format('y'), 1) -- want: hardcoded-key "key 'y'"
redis.call('SET', 'a' .. 'b', 1) -- want: hardcoded-key "key 'ab'"
redis.call('SET', table.concat({'a', 'b'}, ':'), 1) -- want: hardcoded-key
redis.call('SET', string.format('%05d', 3), 1) -- want: hardcoded-key
local k = string.format('%s:%s', 'cfg', 'main')
redis.call('GET', k) -- want: hardcoded-key "key 'cfg:main'"
local function fixed()
  return 'settings'
end
redis.call('GET', fixed()) -- want: hardcoded-key "key 'settings'"
