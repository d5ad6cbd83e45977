B
cast_floatJ^Ð2Ï