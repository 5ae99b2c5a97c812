-- A long literal key is quoted shortened, so the message stays one readable line.
redis.call('GET', 'config:service:payments:eu-west-1:feature-flags:v2:rollout') -- want: hardcoded-key "'config:service:payments:eu-west-1:featur…' is hard-coded"
