
BdivJh