#ifndef CAIRN_CPCRE2_SHIM_H
#define CAIRN_CPCRE2_SHIM_H
// The 8-bit library: patterns and subjects are UTF-8, as Swift strings are.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// PCRE2_ZERO_TERMINATED is (~(PCRE2_SIZE)0), a macro Swift does not import.
static inline PCRE2_SIZE cairn_pcre2_zero_terminated(void) {
    return PCRE2_ZERO_TERMINATED;
}
#endif
