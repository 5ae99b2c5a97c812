-- Store a rendered fragment as MessagePack together with its ETag, and
-- answer conditional reads: when the client's ETag matches, only "304" is
-- returned instead of the body.
--
-- KEYS[1]  cached fragment (MessagePack {etag, body})
-- ARGV[1]  client ETag ("" when none)
-- Returns {"304"}, {"200", etag, body} or {"404"}.
--
-- realistic: keys=frag:{home}:hero args=W/"v1"
-- realistic: setup=EVAL return(redis.call('SET',KEYS[1],cmsgpack.pack({etag=ARGV[1],body=ARGV[2]}))) 1 frag:{home}:hero W/"v2" <h1>Hi</h1>
local rcall = redis.call
local key = KEYS[1]
local client_etag = ARGV[1]

local packed = rcall('GET', key)
if not packed then
  return {'404'}
end
local ok, entry = pcall(cmsgpack.unpack, packed)
if not ok or type(entry) ~= 'table' then
  -- A corrupt entry is dropped so that the next render replaces it.
  rcall('DEL', key)
  return {'404'}
end
if entry.etag == client_etag then
  return {'304'}
end
return {'200', entry.etag or '', entry.body or ''}
