-- An @ inside a string or a comment (user@host, @param in a doc comment)
-- is not a parameter: the file's own syntax error stays.
-- @param key the key
local who = 'admin@example.com'
return who +  -- want@+1: syntax-error
