-- A script whose loader pastes the files named by `-- $include(...)` (from
-- an includes/ folder or the script's own folder, one level deep) above
-- it: the helpers it calls are defined there.
-- $include(bump_sequence.lua)
-- $include(includes/enqueue_id.lua)

local id = bumpSequence(KEYS[1])
enqueueId(KEYS[2], id)
return id
