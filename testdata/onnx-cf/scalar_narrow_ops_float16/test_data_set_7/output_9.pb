
BabsJÿ{