B
cast_int16Jşÿ