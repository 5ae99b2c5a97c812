local function a()
  local t = {}
  t.code = 1
  t["msg"] = 'x'
  error(t) -- want: error-table
end
local function b()
  local t = {}
  t.err = 'ERR x'
  error(t)
end
local function c()
  local t = {}
  t["err"] = 'ERR x'
  error(t)
end
local function d(k)
  local t = {}
  t[k] = 'x'
  error(t)
end
local function e()
  local t = {}
  rawset(t, 'err', 'x')
  error(t)
end
return a() or b() or c() or d('err') or e()
