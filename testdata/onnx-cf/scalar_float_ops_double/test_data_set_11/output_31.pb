B
cast_int32Jÿÿÿÿ