-- redis: reply [bulk:"a"]
-- redis-args: oops
return {'a', tonumber(ARGV[1]), 'b'} -- want: reply-array-hole
