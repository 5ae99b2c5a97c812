-- A KEYS element changed by a string function is not the element plus
-- text: lower/upper/gsub may change its {hash tag} ('{Queue}' becomes
-- '{queue}', another slot), so dynamic-key reports it, whatever
-- allow-prefix-from-keys says.
-- fixture: option allow-prefix-from-keys=true
redis.call('GET', KEYS[1]:lower())                   -- want: dynamic-key "key computed from KEYS[1] with string.lower: the change may alter its {hash tag}"
redis.call('SET', string.upper(KEYS[2]) .. ':x', 1)  -- want: dynamic-key "with string.upper"
local k = KEYS[1]:gsub('old', 'new')
redis.call('DEL', k)                                 -- want: dynamic-key "with string.gsub"
