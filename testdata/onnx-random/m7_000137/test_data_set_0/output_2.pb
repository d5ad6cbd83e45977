
sequenceempty_6