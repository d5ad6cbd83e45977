B
reciprocalJмлл>