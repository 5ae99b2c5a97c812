# want-scripts: 5
# coredis Functions libraries: register_library(name, code),
# Library(client, name, code), library.update(new_code), function_load.
from coredis.commands.function import Library


async def libraries(client):
    await client.register_library("l1", "#!lua name=l1\nredis.register_function('f', function(keys, args) return g1 end)")  # want: undefined-global
    lib = await Library(client, "l2", code="#!lua name=l2\nredis.register_function('f', function(keys, args) return g2 end)")  # want: undefined-global
    await lib.update(
        """#!lua name=l2
        redis.register_function('f', function(keys, args) return g3 end)  -- want: undefined-global
        """
    )
    await client.function_load(function_code="#!lua name=l3\nredis.register_function('f', function(keys, args) return g4 end)", replace=True)  # want: undefined-global
    await client.function_load("#!lua name=l4\nredis.register_function('f', function(keys, args) return g5 end)")  # want: undefined-global
    # update of anything else: no script.
    settings.update("not a library")
