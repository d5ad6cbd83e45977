B
cast_int64Jÿÿÿÿÿÿÿÿ