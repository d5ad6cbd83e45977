
Bsqrt_absJÿ[