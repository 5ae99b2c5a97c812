-- A write in the branch that can reach the error again from outside it:
-- the first round's DEL stays when the second round fails.
for round = 1, 2 do
  for i = 1, #KEYS do
    if redis.call('EXISTS', KEYS[i]) == 0 then
      redis.call('DEL', KEYS[1])
      if round == 1 then
        break
      end
      return redis.error_reply('missing')                -- want: write-before-validation "'DEL' on line 6 stays"
    end
  end
end
return 1
