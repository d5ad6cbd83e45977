B
matmul_102Jüÿÿÿÿÿÿÿ