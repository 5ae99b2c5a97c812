-- A script body that a build step completes: the helper files named by the
-- directives below are pasted in above it, and they define bumpSequence and
-- enqueueId. Linted alone, those names look undeclared; they are not.
--- @include "helpers/bumpSequence"
--- @include "helpers/enqueueId"

local seqKey = KEYS[1]
local listKey = KEYS[2]

local id = bumpSequence(seqKey)
enqueueId(listKey, id)
return id
