
BreluJÿ{