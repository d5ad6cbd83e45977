BcosJ@Q
?