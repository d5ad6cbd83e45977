B
reciprocalJ#Bí°ú«;