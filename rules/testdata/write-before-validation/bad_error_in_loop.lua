-- The error directly in a loop body inside a branch: the loop's own test
-- ran after the write (here the write is that test), not only the branch's.
if ARGV[1] == 'strict' then
  while redis.call('LPOP', KEYS[1]) do
    return redis.error_reply('not empty')                -- want: write-before-validation "'LPOP' on line 4 stays"
  end
end
return 1
