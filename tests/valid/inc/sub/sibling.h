// The sibling of inc/sub/common.h: found relative to the including file.
#define SIBLING_VALUE 1
// __LINE__ counts lines of this header.
typedef char check_header_line[(__LINE__ == 4) ? 1 : -1];
