B
reciprocalJ=¬o7