#ifndef CAIRN_CREADLINE_SHIM_H
#define CAIRN_CREADLINE_SHIM_H
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif
