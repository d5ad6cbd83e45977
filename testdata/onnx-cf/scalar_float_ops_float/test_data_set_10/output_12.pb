B
reciprocalJF-ƒ