B
cast_int64Jþÿÿÿÿÿÿÿ