
Bsqrt_absJ›