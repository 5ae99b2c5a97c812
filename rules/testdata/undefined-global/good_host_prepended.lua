-- The content of 'shared-procedures/publish-message.lua' must be prepended
-- to this script before loading it into Redis.
local id = publish_message(KEYS[1], ARGV[1])
return id
