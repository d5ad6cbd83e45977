B
reciprocalJC‚º¨eð;