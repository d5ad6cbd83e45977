
sequenceempty_98