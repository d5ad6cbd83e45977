
BaJ<