B
reciprocalJ«ª*¿