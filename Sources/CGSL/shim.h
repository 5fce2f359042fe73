#ifndef CAIRN_CGSL_SHIM_H
#define CAIRN_CGSL_SHIM_H
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>

// gsl_rng_mt19937 is a mutable global pointer, which Swift 6 will not read from concurrent code;
// this returns it without exposing the global.
static inline const gsl_rng_type *cairn_gsl_rng_mt19937(void) {
    return gsl_rng_mt19937;
}
#endif
