
Badd_45Jä=bA%ºZØx∫ÓAä=bA%º