
BdivJMÄ