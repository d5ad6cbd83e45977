B
reciprocalJЖИ3аицЅ