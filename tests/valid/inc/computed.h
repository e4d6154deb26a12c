// Included through a computed #include.
#define COMPUTED_VALUE 1000
