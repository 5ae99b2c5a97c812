package example;

// want-scripts: 1

import java.util.Arrays;
import java.util.List;

// A varargs list call given one array of references passes the array's
// elements: their count is the initializer's, or unknown.
public class Arrays {
    private static final String THIRD = "return redis.call('GET', KEYS[3])";

    String[] keys() {
        return new String[]{"{k}1", "{k}2", "{k}3"};
    }

    void spread(Jedis jedis, String one, byte[] raw, String... many) {
        String[] three = {"{k}1", "{k}2", "{k}3"};
        String[] two = new String[]{"{k}1", "{k}2"};
        var alsoTwo = new String[]{"{k}1", "{k}2"};
        String[] some = Server.random(3);
        jedis.eval(THIRD, Arrays.asList(three), Arrays.asList(one));
        jedis.eval(THIRD, Arrays.asList(two), List.of()); // want: numkeys-mismatch "passes 2 keys"
        jedis.eval(THIRD, List.of(alsoTwo), List.of()); // want: numkeys-mismatch "passes 2 keys"
        jedis.eval(THIRD, List.of(new String[]{"{k}1", "{k}2", "{k}3"}), List.of());
        jedis.eval(THIRD, List.<String>of(new String[]{"{k}1", "{k}2"}), List.of()); // want: numkeys-mismatch "passes 2 keys"
        // Unknown counts: an array without initializer, a varargs parameter,
        // a method of the file returning an array.
        jedis.eval(THIRD, Arrays.asList(some), List.of());
        jedis.eval(THIRD, Arrays.asList(many), List.of());
        jedis.eval(THIRD, Arrays.asList(keys()), List.of());
        // One element: a string, an array of a primitive type (one byte[]),
        // a call the file does not declare.
        jedis.eval(THIRD, Arrays.asList(one), List.of()); // want: numkeys-mismatch "passes 1 key"
        jedis.eval(THIRD, Arrays.asList(raw), List.of()); // want: numkeys-mismatch "passes 1 key"
        jedis.eval(THIRD, Arrays.asList(name()), List.of()); // want: numkeys-mismatch "passes 1 key"
    }
}
