-- redis: error "Attempt to modify a readonly table"
-- The script fails at the assignment, before the call: the call is not a
-- second problem (undefined-global stays silent on it).
function table.extend(t, more) return t end -- want: global-assignment "'table.extend' modifies the read-only table 'table'"
return table.extend({}, {1})
