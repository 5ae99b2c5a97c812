-- Directives for rules that are turned off (here: every rule but
-- unused-suppression) are not reported as unused.
local x = 1 -- redis-lua-lint: ignore unused-variable -- a fixture
-- redis-lua-lint: disable global-assignment
-- redis-lua-lint: enable global-assignment
return KEYS[1]
