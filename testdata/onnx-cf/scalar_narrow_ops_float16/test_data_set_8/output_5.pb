
BminJu€