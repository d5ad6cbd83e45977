
BsubJÿ{