
sequenceempty_8