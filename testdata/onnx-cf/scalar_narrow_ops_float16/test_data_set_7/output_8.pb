
BfloorJÿ{