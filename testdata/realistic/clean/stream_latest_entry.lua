-- Latest reading of a sensor stream, and the reading just before a given
-- time. Indexing past the end of a reply array gives nil in Lua (it is a
-- Lua table, not a missing Redis value), so `== nil` is the right test on
-- an element of an XRANGE/XREVRANGE reply.
--
-- KEYS[1]  sensor stream (fields: value)
-- ARGV[1]  stream id to look before (e.g. "1700000000000")
-- Returns {latest value, value before ARGV[1]} with "" when absent.
--
-- realistic: keys=sensor:{t7} args=1700000000500
-- realistic: setup=XADD sensor:{t7} 1700000000000-0 value 21.5; XADD sensor:{t7} 1700000001000-0 value 21.7
local rcall = redis.call
local key = KEYS[1]

local function value_of(entry)
  if entry == nil then
    return ''
  end
  local fields = entry[2]
  for i = 1, #fields, 2 do
    if fields[i] == 'value' then
      return fields[i + 1]
    end
  end
  return ''
end

local latest = rcall('XREVRANGE', key, '+', '-', 'COUNT', 1)[1]
local before = rcall('XREVRANGE', key, ARGV[1], '-', 'COUNT', 1)[1]
return {value_of(latest), value_of(before)}
