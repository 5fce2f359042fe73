#include "CICUSpoof.h"
#include <pthread.h>
#include <unicode/uspoof.h>

static USpoofChecker *checker;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_checker(void) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *made = uspoof_open(&status);
    checker = U_FAILURE(status) ? NULL : made;
}

// uspoof_getSkeleton only reads the checker, which ICU documents as safe from several threads.
int32_t cairn_confusable_skeleton(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    pthread_once(&opened, open_checker);
    if (checker == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = uspoof_getSkeleton(checker, 0, (const UChar *)text, length, (UChar *)out, capacity, &status);
    if (U_FAILURE(status) || written > capacity) return -1;
    return written;
}
