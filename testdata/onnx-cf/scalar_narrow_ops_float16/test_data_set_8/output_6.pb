
BnegJ÷