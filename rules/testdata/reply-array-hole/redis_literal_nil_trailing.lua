-- redis: reply [bulk:"a"]
-- redis-keys: a
-- A trailing literal nil drops only itself.
return {KEYS[1], nil}
