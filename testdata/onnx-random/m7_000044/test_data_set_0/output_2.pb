
sequenceempty_67