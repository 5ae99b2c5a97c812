local ok, err = pcall(redis.call, 'SET', KEYS[1], ARGV[1]) -- want: unchecked-pcall
return err
