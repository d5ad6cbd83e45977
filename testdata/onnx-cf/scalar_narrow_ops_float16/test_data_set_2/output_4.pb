
BmaxJ<