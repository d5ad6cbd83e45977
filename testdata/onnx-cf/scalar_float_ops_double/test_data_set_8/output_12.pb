B
reciprocalJ∆»3аиц=