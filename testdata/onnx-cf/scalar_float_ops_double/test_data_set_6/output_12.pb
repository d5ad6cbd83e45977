B
reciprocalJš™™™™™Ù?