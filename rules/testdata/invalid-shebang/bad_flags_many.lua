#!lua flags=no-writes,allow-oomm flags=bogus
-- want@1: invalid-shebang "allow-oomm", invalid-shebang "bogus"
-- redis: error "Unexpected flag in script shebang: allow-oomm"
return 1
