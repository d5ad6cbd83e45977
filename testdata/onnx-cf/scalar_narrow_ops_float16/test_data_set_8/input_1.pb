
BbJu€