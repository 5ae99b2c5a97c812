// A syntax error caused only by a placeholder: the message says so.
// want-scripts: 1
const op = process.argv[2]
const S = `local v = redis.call('GET', KEYS[1]) + 1 ${op} 2 return v` // want: syntax-error "host"
