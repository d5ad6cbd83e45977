
Bfrom_f32J<