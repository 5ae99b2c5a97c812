local function outer()
  local rcall = redis.call
  local function inner()
    return rcall('KEYS', 'prefix:*') -- want: keyspace-scan
  end
  return inner()
end
return outer()
