
BbJâp