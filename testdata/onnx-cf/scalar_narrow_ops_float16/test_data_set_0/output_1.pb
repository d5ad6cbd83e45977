
BsubJz