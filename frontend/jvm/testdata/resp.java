package example;

// want-scripts: 1

// A raw RESP request is protocol text, not Lua; the script constant
// spliced into it is a script of its own.
public class Resp {
    static final String SCRIPT = "local v = redis.call('GET', KEYS[1]) if v == nil then return 0 end return v"; // want: nil-reply-check

    void run(Socket socket) throws IOException {
        String load = "*3\r\n$6\r\nSCRIPT\r\n$4\r\nLOAD\r\n$" + SCRIPT.length() + "\r\n" + SCRIPT + "\r\n";
        socket.getOutputStream().write(load.getBytes());
        socket.getOutputStream().write("*3\r\n$4\r\nEVAL\r\n$33\r\nreturn redis.call('GET', KEYS[1])\r\n$1\r\n0\r\n".getBytes());
    }
}
