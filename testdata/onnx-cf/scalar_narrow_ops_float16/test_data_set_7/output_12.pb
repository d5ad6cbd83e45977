
Bfrom_f32Jÿ{