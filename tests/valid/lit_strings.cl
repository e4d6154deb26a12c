// String and character literals: escapes (simple, octal, hex), adjacent-literal
// concatenation, char arrays initialized from strings, string literals in __constant.
__constant char greeting[] = "hello, " "world";
__constant char escapes[] = "\a\b\f\n\r\t\v\\\'\"\?\0";
__constant char octal_hex[] = "\101\x42\0103";
__constant char sized[8] = "abc";
typedef char check_concat[sizeof(greeting) == 13 ? 1 : -1];
typedef char check_escapes[sizeof(escapes) == 13 ? 1 : -1];
// "\0103" is '\010' then '3': octal escapes take at most three digits.
typedef char check_octal_hex[sizeof(octal_hex) == 5 ? 1 : -1];
typedef char check_chars[('a' == 97 && '\n' == 10 && '\x7f' == 127 && '\077' == 63 && '\'' == 39 && sizeof('a') == 4) ? 1 : -1];

__kernel void strings(__global char *out) {
    char local_str[] = "abc";
    char padded[6] = "xy";
    __constant char *p = "pointer to a literal";
    out[0] = greeting[7] + escapes[2] + octal_hex[1] + sized[7] + local_str[2] + padded[5] + p[3];
    out[1] = "indexed"[2];
    out[2] = sizeof(local_str);
}
