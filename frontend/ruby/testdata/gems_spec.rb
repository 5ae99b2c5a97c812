# want-scripts: 9
# Gem script classes take the script: redis_lua_script, redis-prescription.
script = RedisLuaScript.new("return undefined_x")  # want: undefined-global
script.eval(redis)

# RSpec memoized helpers bind names; each let of the name is a value the
# use sees in some context.
describe RedisLuaScript do
  subject { RedisLuaScript.new(lua) }
  let(:lua) { "return redis.call('GET', KEYS[1]) + g1" }  # want: undefined-global
  context "frozen" do
    let(:lua) { "return redis.call('PING') + g2".freeze }  # want: undefined-global
  end
  context "heredoc in a do block" do
    let(:lua) do <<~LUA
      return g3  -- want: undefined-global
    LUA
    end
  end
  # An expected value bound by let, used by no script call, is no script.
  let(:expected) { "return redis.call('PING')" }
  it { expect(subject.send(:minify)).to eq expected }
end

RSpec.describe Redis::Prescription do
  let!(:lua_script) { "return redis.call('GET', KEYS[1]) + g4" }  # want: undefined-global
  it { expect(described_class.new(lua_script).eval(redis, keys: ["a"])).to eq 1 }
end

# Rule 5: a literal given to some other call, an array element or a hash
# value, whose text calls Redis and reads as Lua.
limiter = SomeGem::Script.new("return redis.call('INCR', KEYS[1]) + g5")  # want: undefined-global
SCRIPTS = [
  "return redis.call('GET', KEYS[1]) + g6",  # want: undefined-global
]
register(name: "x", lua: "return redis.call('DEL', KEYS[1]) + g7")  # want: undefined-global
# Not Lua, or not calling Redis: no script.
log("calling redis.call('GET') failed")
puts("return 1 + g8")
values = ["redis.call(", "x"]
# A name given to some class's new: its let bindings and assignments.
describe MyLimiter do
  let(:body) { "return redis.call('INCR', KEYS[1]) + g9" }  # want: undefined-global
  subject { MyLimiter::Script.new(body) }
end
