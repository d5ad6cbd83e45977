Breducemin_all_k0J¦-Æ>Q
?Ö¼g?