-- redis: error "MYERR x"
error(redis.error_reply('MYERR x'))
