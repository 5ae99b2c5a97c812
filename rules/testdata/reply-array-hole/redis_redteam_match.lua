-- redis: reply [bulk:"a"]
-- string.match gives nil when the pattern does not match: the reply stops there.
return {'a', string.match('abc', '%d+'), 'b'} -- want: reply-array-hole "pattern does not match"
