
BmaxJ÷