
BreluJ÷