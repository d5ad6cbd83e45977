	B
reshape_61J