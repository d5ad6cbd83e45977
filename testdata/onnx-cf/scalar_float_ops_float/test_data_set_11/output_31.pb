B
cast_int16Jÿÿ