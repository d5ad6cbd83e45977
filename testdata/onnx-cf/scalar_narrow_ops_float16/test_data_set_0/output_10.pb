
BroundJS{