-- redis: error "attempt to call field 'trim' (a nil value)"
return string.trim(' a ') -- want: undefined-global
