-- error({}) segfaults Redis 7.0.15 (verified on a throw-away server, as do
-- error({err = false}), error({err = {}}), error({err = nil, 1}) and a table
-- whose metatable has only __tostring): never run it against the shared
-- test server.
-- redis: skip (crashes the server: error({}) kills Redis 7.0.15 with signal 11)
error({}) -- want: error-table
