# want-scripts: 5
# execute_command with the command's name as a literal.
r.execute_command("EVAL", "return KEYS[2]", 1, "a")  # want: numkeys-mismatch "execute_command(\"EVAL\") passes 1 key"
r.execute_command("eval_ro", "return KEYS[2]", "1", "a")  # want: numkeys-mismatch
r.execute_command("SCRIPT LOAD", "return g1")  # want: undefined-global
r.execute_command("script", "load", "return g2")  # want: undefined-global
r.execute_command("FUNCTION", "LOAD", "REPLACE", "#!lua name=l\nredis.register_function('f', function() return g3 end)")  # want: undefined-global
# Another command, or a name that is no literal: no script.
r.execute_command("SET", "return 1", "x")
r.execute_command(cmd, "return g4", 0)
