B
mean_axis1Jªªª*­ªªª