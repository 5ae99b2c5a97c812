# want-scripts: 2
import redis


class Store:
    # A function of the file passing its parameter to a scripting call:
    # the literals its callers pass are scripts.
    def run(self, script, *keys):
        return self.r.eval(script, len(keys), *keys)

    def load(self, code, replace=False):
        return self.r.script_load(code)

    def go(self):
        self.run("v = redis.call('GET', KEYS[1])", "k")  # want: global-assignment
        self.load(code="return redis.call('GET', 'user:' .. ARGV[1])")  # want: dynamic-key
