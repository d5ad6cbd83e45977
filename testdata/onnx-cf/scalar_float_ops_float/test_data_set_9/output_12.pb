B
reciprocalJ@·¯