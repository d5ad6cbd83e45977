
Bvia_f32Jî