
Bsqrt_absJS>