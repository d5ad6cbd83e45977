B
sigmoid_43JΐΒCϊj’?Ύλο?