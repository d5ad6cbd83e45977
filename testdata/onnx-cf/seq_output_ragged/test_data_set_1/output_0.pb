
seq