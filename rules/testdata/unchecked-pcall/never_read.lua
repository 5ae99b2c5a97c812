-- A protected call's result that nothing reads is never checked: one
-- finding (this rule's), not also unused-variable's "never read".
local ok = pcall(redis.call, 'INCR', KEYS[1]) -- want: unchecked-pcall "the status of pcall('INCR', ...) stored in 'ok' is never read, so an error inside is never checked"
local r = redis.pcall('INCR', KEYS[1]) -- want: unchecked-pcall "the reply of redis.pcall('INCR', ...) stored in 'r' is never read, so a failure ({err = ...}) is never checked: test r.err"
local ok2, err = pcall(redis.call, 'DEL', KEYS[1]) -- want: unchecked-pcall "stored in 'ok2' is never read"
return 1
