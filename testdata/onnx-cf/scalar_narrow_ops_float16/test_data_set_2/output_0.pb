
BaddJ<