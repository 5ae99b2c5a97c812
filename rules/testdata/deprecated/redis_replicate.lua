-- A no-op since 7.0: it returns true and changes nothing.
-- redis: reply int:1
return redis.replicate_commands() -- want: deprecated
