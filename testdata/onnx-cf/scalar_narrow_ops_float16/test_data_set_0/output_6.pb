
BnegJSû