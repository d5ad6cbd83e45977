
BreluJ<