B
cast_floatJылy_