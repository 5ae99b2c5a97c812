-- No shebang at all: an EVAL script in compatibility mode.
-- redis: ok
return 1
