B
reciprocalJ@·/