-- fixture: redis-version=7.0
-- On 7.0 os does not exist at all; os.clock there is undefined-global's finding.
local o = os -- want: sandbox-violation "'os'"
local t = os.clock()
return {o, t}
