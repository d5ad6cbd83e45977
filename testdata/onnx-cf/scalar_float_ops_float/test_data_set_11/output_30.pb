B
cast_uint8Jÿ