-- Deprecated commands still work.
-- redis: reply bulk:"old"
-- redis-setup: SET k old
return redis.call('GETSET', 'k', 'new') -- want: deprecated
