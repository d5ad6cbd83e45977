B
cast_floatJ@¸ˆG