
BnegJÿû