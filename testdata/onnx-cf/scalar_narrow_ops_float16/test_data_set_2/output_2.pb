
BmulJ