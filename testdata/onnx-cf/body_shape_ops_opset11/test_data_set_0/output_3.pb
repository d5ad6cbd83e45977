Bsplit_aJЉьсЅЇ^	їqXѕLA%>ѕ«Ѕ
>