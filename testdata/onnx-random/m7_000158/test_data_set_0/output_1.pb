	B
greater_10J