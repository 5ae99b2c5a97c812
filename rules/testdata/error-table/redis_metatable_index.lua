-- Redis reads err through __index: this table does not crash the server.
-- redis: error "viaindex"
error(setmetatable({}, {__index = {err = 'viaindex'}}))
