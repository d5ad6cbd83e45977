
BabsJ÷