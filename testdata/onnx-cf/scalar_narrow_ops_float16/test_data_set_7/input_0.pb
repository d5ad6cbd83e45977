
BaJÿ{