-- Store an uploaded snippet once per content: the SHA-1 of the content is
-- the field of a content-addressed hash, and a reference count says how
-- many documents use it.
--
-- KEYS[1]  content hash (digest -> content)
-- KEYS[2]  reference counts (digest -> count)
-- ARGV[1]  content (at most 64 KiB)
-- Returns {digest, references}.
--
-- realistic: keys=snip:{store}:blobs,snip:{store}:refs args=print('hello')
local rcall = redis.call
local blobs_key, refs_key = KEYS[1], KEYS[2]
local content = ARGV[1]
if not content or #content == 0 or #content > 65536 then
  return redis.error_reply('ERR content must be 1 byte to 64 KiB')
end

local digest = redis.sha1hex(content)
rcall('HSETNX', blobs_key, digest, content)
return {digest, rcall('HINCRBY', refs_key, digest, 1)}
