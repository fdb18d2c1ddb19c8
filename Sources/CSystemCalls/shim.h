// The C side of SystemCalls, its only importer: the cookie-backed FILE, which each C
// library spells differently. Header only; nothing to link.
#ifndef TLSPROBE_CSYSTEMCALLS_SHIM_H
#define TLSPROBE_CSYSTEMCALLS_SHIM_H
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>

#if defined(__APPLE__)
// Darwin's funopen(3), declared in <stdio.h>: reads take and return an int, seeks return
// the new position. No write function: the FILE is read-only.
static inline FILE *tlsprobe_funopen(const void *cookie,
                                     int (*readfn)(void *cookie, char *buffer, int size),
                                     fpos_t (*seekfn)(void *cookie, fpos_t offset, int whence),
                                     int (*closefn)(void *cookie)) {
    return funopen(cookie, readfn, NULL, seekfn, closefn);
}
#elif defined(__linux__)
// fopencookie(3) of glibc (and musl), which Swift's Glibc module hides (it needs
// _GNU_SOURCE). Same layout as cookie_io_functions_t; bound to the real symbol by its
// assembler name.
typedef struct {
    ssize_t (*read)(void *cookie, char *buffer, size_t size);
    ssize_t (*write)(void *cookie, const char *buffer, size_t size);
    int (*seek)(void *cookie, int64_t *offset, int whence);
    int (*close)(void *cookie);
} tlsprobe_cookie_io_functions;

FILE *tlsprobe_fopencookie(void *cookie, const char *mode, tlsprobe_cookie_io_functions functions) __asm__("fopencookie");
#endif
#endif
