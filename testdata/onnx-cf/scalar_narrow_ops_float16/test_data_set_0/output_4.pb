
BmaxJS{