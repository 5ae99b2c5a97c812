-- redis: error "attempt to call field 'unpack' (a nil value)"
return table.unpack({1}) -- want: undefined-global
