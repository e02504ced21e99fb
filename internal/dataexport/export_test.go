package dataexport

// Words lets the tests check every label the sections use against the dictionary.
var Words = words
