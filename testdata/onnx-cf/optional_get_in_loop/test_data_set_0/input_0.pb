
maybe_xJ_¨bøj»@?