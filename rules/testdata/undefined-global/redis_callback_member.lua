#!lua name=ug_member
-- redis: error "attempt to call field 'breakpoint' (a nil value)"
-- redis-fcall: ug_member_f
redis.register_function('ug_member_f', function(keys, args)
  return redis.breakpoint() -- want: undefined-global "only in an EVAL script"
end)
