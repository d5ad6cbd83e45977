B
cast_int32Jþÿÿÿ