BexpJiW‹
¿@