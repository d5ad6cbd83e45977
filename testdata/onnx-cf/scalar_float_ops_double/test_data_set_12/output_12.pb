B
reciprocalJ#TΔ‡υν>