B
cast_int16Jp