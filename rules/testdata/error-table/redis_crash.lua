-- error({}) segfaults Redis 7.0.15 (verified on a throw-away server): never
-- run it against the shared test server.
-- redis: skip (crashes the server: error({}) kills Redis 7.0.15 with signal 11)
error({}) -- want: error-table
