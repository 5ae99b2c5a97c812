# want-scripts: 0
HELP = "call redis.call from Lua"
redis = Redis.new
redis.set("k", "v")
x = 10 % 3
puts eval("1 + 1")
