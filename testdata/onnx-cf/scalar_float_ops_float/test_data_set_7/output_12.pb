B
reciprocalJмлл╬