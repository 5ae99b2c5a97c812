#!lua flags=no_writes
-- A read-only stock lookup meant to run on replicas with EVAL_RO. The flag
-- is spelled with an underscore: Redis refuses the script outright
-- ("Unexpected flag in script shebang: no_writes"), and the deploy only
-- notices when the first request arrives.
--
-- KEYS[1]  stock hash
-- ARGV[1]  sku
-- realistic: keys=stock:{eu} args=sku-1
-- want@1: invalid-shebang
return redis.call('HGET', KEYS[1], ARGV[1])
