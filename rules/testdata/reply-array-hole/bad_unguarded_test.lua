-- A nil test that does not protect the returned value: it runs only inside
-- a loop that may not run, or leads nowhere.
local items = redis.call('LRANGE', KEYS[1], 0, 99)
local smallest = nil
for _, v in ipairs(items) do
  if smallest == nil or v < smallest then
    smallest = v
  end
end
if #items > 100 then
  return {smallest, #items} -- want: reply-array-hole "'smallest' can be nil here"
end
local first = tonumber(ARGV[1])
if first == nil then
  redis.log(redis.LOG_WARNING, 'not a number')
end
local label = string.match(ARGV[2], '^%a+$')
local upper = label and label:upper()
if ARGV[3] == 'first' then
  return {first, 1} -- want: reply-array-hole "'first' can be nil here"
end
if ARGV[3] == 'label' then
  return {label, upper, 1} -- want: reply-array-hole "'label' can be nil here"
end
return {smallest, #items, first, label, upper} -- want: reply-array-hole "'smallest' can be nil here"
