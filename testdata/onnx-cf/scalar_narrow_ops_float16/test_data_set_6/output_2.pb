
BmulJ€Ã