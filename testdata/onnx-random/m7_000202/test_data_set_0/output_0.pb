
sequenceempty_47