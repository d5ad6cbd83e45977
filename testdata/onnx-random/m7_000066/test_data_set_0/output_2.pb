
sequenceempty_12