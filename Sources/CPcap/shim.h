// libpcap for PcapSource, the only module that imports it.
#ifndef TLSPROBE_CPCAP_SHIM_H
#define TLSPROBE_CPCAP_SHIM_H
#include <pcap/pcap.h>

#if defined(__GLIBC__)
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>

// glibc's fopencookie(3), which Swift's Glibc module hides (it needs _GNU_SOURCE): an
// offline capture is read through a cookie FILE so that PcapSource sees the bytes of
// pcapng Decryption Secrets Blocks, which libpcap skips. Same layout as glibc's
// cookie_io_functions_t; bound to the real symbol by its assembler name.
typedef struct {
    ssize_t (*read)(void *cookie, char *buffer, size_t size);
    ssize_t (*write)(void *cookie, const char *buffer, size_t size);
    int (*seek)(void *cookie, int64_t *offset, int whence);
    int (*close)(void *cookie);
} tlsprobe_cookie_io_functions;

FILE *tlsprobe_fopencookie(void *cookie, const char *mode, tlsprobe_cookie_io_functions functions) __asm__("fopencookie");
#endif
#endif
