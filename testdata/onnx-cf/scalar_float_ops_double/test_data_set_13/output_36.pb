B
cast_floatJìx­`