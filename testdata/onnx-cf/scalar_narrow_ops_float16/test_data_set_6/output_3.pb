
BdivJ«¾