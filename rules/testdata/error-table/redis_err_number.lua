-- A number err is a string to lua_isstring: no crash.
-- redis: error "1"
error({err = 1})
