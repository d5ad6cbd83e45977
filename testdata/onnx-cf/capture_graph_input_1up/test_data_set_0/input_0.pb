BxJVf‡¾ú"M?	
<>