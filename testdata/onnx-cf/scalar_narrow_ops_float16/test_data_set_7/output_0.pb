
BaddJÿ{