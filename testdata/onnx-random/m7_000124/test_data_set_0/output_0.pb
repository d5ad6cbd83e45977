B
squeeze_36Jÿÿÿÿÿÿÿÿ