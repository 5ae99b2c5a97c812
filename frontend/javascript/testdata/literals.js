// Every literal form of JavaScript holding a script, with a bug each.
// want-scripts: 7
const Redis = require('ioredis');
const redis = new Redis();

// A single-quoted literal with escapes: \n and a \x41 in a key.
const SINGLE = 'local v = redis.call(\'GET\', KEYS[1])\nif v == nil then return 0 end return v'; // want: nil-reply-check

// A double-quoted literal continued over lines with backslashes.
const DOUBLE = "local n = redis.call('INCR', KEYS[1])\n\
x = n\n\
return n"; // want@-1: global-assignment "'x'"

// A template literal over several lines.
const TEMPLATE = `
  local v = redis.call('GET', KEYS[1])
  if v == nil then -- want: nil-reply-check
    return 0
  end
  return v
`;

// String.raw keeps its backslashes.
const RAW = String.raw`return redis.call('GET', 'user:\x' .. ARGV[1])`; // want: dynamic-key, lua51-escape

// A + chain over lines, with comments between its parts.
const CHAIN =
  "local v = redis.call('HGET', KEYS[1], 'f')\n" + // the field
  /* a block comment */ "y = v\n" + // want: global-assignment "'y'"
  'return v';

// An array of lines joined.
const JOINED = [
  "local k = 'user:' .. ARGV[1]",
  "return redis.call('GET', k)", // want: dynamic-key
].join('\n');

// Unicode escapes in a key of a literal.
const UNICODE = "return redis.call('GET', '\u{1F600}' .. ARGV[1])"; // want: dynamic-key

// A plain string that mentions Redis is not a script.
const DOC = 'uses redis to store sessions';
