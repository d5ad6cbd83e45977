
Bloop_27JÀF