-- The content of 'shared.lua' is prepended to this script by the host: its
-- names are not reported, but a near miss of a sandbox global still is.
local n = tonumbr(ARGV[1]) -- want: undefined-global "did you mean 'tonumber'"
return publish_message(KEYS[1], n)
