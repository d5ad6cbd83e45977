
BroundJÿ{