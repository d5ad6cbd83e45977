
BnegJ¼