
BreluJS{