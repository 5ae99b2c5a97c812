-- After redis.setresp(3) the rule stays silent about reply types.
redis.setresp(3)
if redis.call('EXISTS', KEYS[1]) then
  return 1
end
return 0
