
BaJS{