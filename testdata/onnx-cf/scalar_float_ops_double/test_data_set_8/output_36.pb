B
cast_floatJ^Ð2O