B
cast_uint8Jş