// @upstash/redis: command classes taking their arguments as one array,
// and createScript.
// want-scripts: 5
import { EvalCommand, EvalROCommand, EvalshaCommand, ScriptLoadCommand } from "./commands";

await new EvalCommand(["return undefined_a", [], []]).exec(client); // want: undefined-global
await new EvalROCommand(["return redis.call('MGET', KEYS[1], KEYS[2])", ["k"], []]).exec(client); // want: numkeys-mismatch "new EvalROCommand passes 1 key"
await new EvalshaCommand([sha1, [], []]).exec(client);
await new commands.ScriptLoadCommand([`return undefined_c`]).exec(client); // want: undefined-global

const script = redis.createScript("return undefined_d"); // want: undefined-global
const ro = redis.createScript<string>("return redis.call('GET', KEYS[1])", { readonly: true });

// createScript is a common name: a text that is not Lua, or none, is not
// a script (upstash's sha1 test vectors, PlayCanvas' script names).
const vector = redis.createScript("The quick brown fox jumps over the lazy dog");
const empty = redis.createScript("");
const Rotate = pc.createScript('rotate');
