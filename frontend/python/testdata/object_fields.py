# want-scripts: 2
import redis


class Queue:
    def __init__(self, connection, prefix):
        self.connection = connection
        self.prefix = prefix

    def pop(self):
        # Its only run-time part is a field of the object: one variant per
        # instance, so script-built-at-runtime is information.
        script = self.connection.register_script(f"""
            local id = redis.call('LPOP', KEYS[1])
            return redis.call('HGETALL', '{self.prefix}' .. id)
        """)  # want@-3: script-built-at-runtime[info] "fields of the object"
        return script(keys=["q"])

    def push(self, shard):
        # A local value besides the field: a new script for every shard.
        return self.connection.eval(f"return redis.call('RPUSH', KEYS[1], '{self.prefix}{shard}')", 1, "q")  # want: script-built-at-runtime[warning]
