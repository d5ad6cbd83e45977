
BnegJ€