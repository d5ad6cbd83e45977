
BmaxJÿ{