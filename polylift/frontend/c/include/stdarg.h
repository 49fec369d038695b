/*
 * stdarg.h for polylift's front end, found before pycparser's fake libc headers.
 *
 * The fake libc defines va_arg(ap, type) as __builtin_va_arg((ap)), dropping the type,
 * which the parser rejects: it reads __builtin_va_arg(ap, type) with its type, as gcc
 * writes it. Every file that includes a header using va_arg then failed to parse.
 */
#ifndef POLYLIFT_STDARG_H
#define POLYLIFT_STDARG_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"
#undef va_start
#undef va_arg
#undef va_end
#undef va_copy
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dest, src) __builtin_va_copy(dest, src)
#endif
