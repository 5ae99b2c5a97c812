-- The '.$x.' of a PHP concatenation left in the script text.
local n = .$n. + 1 -- want: syntax-error "'$n' is an interpolated variable of host-language code"
return n
