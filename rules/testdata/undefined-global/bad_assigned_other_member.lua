-- Assigning one field does not make another exist.
function table.extend(t, more)
  return t
end
return table.merge({}, {1}) -- want: undefined-global "'table.merge' does not exist in the 'table' library"
