
BaJ÷