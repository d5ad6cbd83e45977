BaccJl •>´
ñ¿