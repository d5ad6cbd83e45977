
BgJq