#ifndef CAIRN_CICUSPOOF_H
#define CAIRN_CICUSPOOF_H
#include <stdint.h>

// The UTS #39 skeleton of a UTF-16 string from Debian's ICU spoof checker, written to `out`.
// Returns its length, or -1 when ICU reports an error or `capacity` is too small. ICU's own
// headers stay inside the C file: Swift already sees Foundation's private copy of ICU, and the
// two sets of declarations cannot share one Swift module.
int32_t cairn_confusable_skeleton(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);
#endif
