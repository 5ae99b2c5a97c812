-- redis: error "MYCODE custom"
error({err = 'MYCODE custom'})
