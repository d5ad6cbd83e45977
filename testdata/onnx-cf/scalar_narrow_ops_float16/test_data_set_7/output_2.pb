
BmulJÿw