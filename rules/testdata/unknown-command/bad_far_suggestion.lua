-- A name two edits from a command of five or six letters is another
-- command, not a typo of it: no "did you mean" (ARRING is not ASKING,
-- ARLEN is not HLEN); a close typo keeps its suggestion.
redis.call('ARRING', KEYS[1], ARGV[1])          -- want: unknown-command "unknown command 'ARRING': Redis raises \"Unknown Redis command called from script\""
redis.call('ARLEN', KEYS[1])                    -- want: unknown-command "unknown command 'ARLEN': Redis raises \"Unknown Redis command called from script\""
redis.call('HGTEALL', KEYS[1])                  -- want: unknown-command "did you mean 'HGETALL'?"
redis.call('ZRANGBYSCORE', KEYS[1], 0, 1)       -- want: unknown-command "did you mean 'ZRANGEBYSCORE'?"
