
BminJâp