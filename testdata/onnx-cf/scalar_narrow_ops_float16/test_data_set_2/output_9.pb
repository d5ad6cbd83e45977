
BabsJ<