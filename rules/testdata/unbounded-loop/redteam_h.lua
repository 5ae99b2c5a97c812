local limit = tonumber(ARGV[1]) or 10
for i = 1, limit do -- want: unbounded-loop
end
local a = tonumber(ARGV[2])
for i = 1, math.max(a, 10) do -- want: unbounded-loop
end
for i = 1, math.min(a, 100) do
end
