-- redis: error "unexpected symbol near '$'"
-- A PHP or shell variable interpolated into the script text.
local limit = $limit -- want: syntax-error "'$limit' is an interpolated variable of host-language code"
return limit
