Bexp_86JU•
>