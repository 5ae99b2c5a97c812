using System.Text;

// want-scripts: 2

// Raw RESP requests are protocol text, not Lua; the script constants
// spliced into them are scripts of their own.
public class Resp
{
    const string Script = @"local v = redis.call('GET', KEYS[1]) if v == nil then return 0 end return v"; // want: nil-reply-check

    const string Other = "return redis.call('TYPE', KEYS[1]) .. x"; // want: undefined-global

    public void Run(LightClient client, string key)
    {
        var load = $"*3\r\n$6\r\nSCRIPT\r\n$4\r\nLOAD\r\n${Script.Length}\r\n{Script}\r\n";
        client.SendCommand(Encoding.ASCII.GetBytes(load));
        var eval = $"*4\r\n$4\r\nEVAL\r\n$33\r\nreturn redis.call('GET', KEYS[1])\r\n$1\r\n1\r\n${key.Length}\r\n{key}\r\n";
        client.SendCommand("*3\r\n$6\r\nSCRIPT\r\n$4\r\nLOAD\r\n$" + Other.Length + "\r\n" + Other + "\r\n");
    }
}
