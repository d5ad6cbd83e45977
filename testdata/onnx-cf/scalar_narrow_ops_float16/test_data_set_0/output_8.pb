
BfloorJS{