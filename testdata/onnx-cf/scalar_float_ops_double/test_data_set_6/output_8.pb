BtanhJÂq
&X’ï?