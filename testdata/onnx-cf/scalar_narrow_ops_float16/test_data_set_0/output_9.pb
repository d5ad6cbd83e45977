
BabsJS{