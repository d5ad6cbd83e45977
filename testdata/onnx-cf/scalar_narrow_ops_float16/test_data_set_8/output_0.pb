
BaddJ‚