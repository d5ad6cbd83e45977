
BsubJl