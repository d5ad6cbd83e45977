
Bsqrt_absJ¨[