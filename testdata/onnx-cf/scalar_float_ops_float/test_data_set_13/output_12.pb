B
reciprocalJå<