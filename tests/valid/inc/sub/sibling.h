// The sibling of inc/sub/common.h: found relative to the including file.
#define SIBLING_VALUE 1
