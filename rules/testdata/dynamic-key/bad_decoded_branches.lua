-- A key assembled from a decoded argument on two paths: the local is not
-- bound once, so the decoder cannot be traced through it, and the message
-- must not name a decoder the script never calls (this file uses
-- cmsgpack, not cjson).
local opts = cmsgpack.unpack(ARGV[1])
local itemKey
if opts.id == "" then
  itemKey = opts.prefix .. "latest"
else
  itemKey = opts.prefix .. opts.id
end
redis.call("HSET", itemKey, "state", "new") -- want: dynamic-key "key built from decoded data in the script"
return redis.call("SADD", opts.setName, itemKey) -- want: dynamic-key "key read from decoded data (cmsgpack.unpack)"
