# want-scripts: 3
# A heredoc whose terminator names Lua is a script when it reads as Lua,
# even without a Redis call.
ADD = <<~LUA
  local val = tonumber(ARGV[1])
  return val + g1  -- want: undefined-global
LUA
SUB = <<-lua_script
  return ARGV[1] - g2  -- want: undefined-global
  lua_script
# One whose terminator names a script and that calls Redis.
GET = <<~SCRIPT
  return redis.call('GET', KEYS[1]) + g3  -- want: undefined-global
SCRIPT
# Not Lua: a fragment, a blank body, or a terminator naming neither.
PART = <<~LUA
  local x =
LUA
BLANK = <<~LUA
LUA
SQL = <<~SQL
  select 1
SQL
TEXT = <<~SCRIPT
  return ARGV[1]
SCRIPT
