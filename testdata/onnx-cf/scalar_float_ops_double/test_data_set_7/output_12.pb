B
reciprocalJš™™™™™Ù¿