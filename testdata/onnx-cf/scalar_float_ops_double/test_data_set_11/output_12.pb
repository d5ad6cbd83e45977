B
reciprocalJUUUUUUå¿