// Loads libpcap on first use (see include/shim.h): dlopen, then dlsym for each function,
// once, under pthread_once. Nothing here runs unless `capture` or `--version` asks.
#if defined(__linux__)
#include <sys/auxv.h>
#endif
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shim.h"

// Where libpcap is looked for, in order: the versioned names first (the unversioned
// libpcap.so is only installed with the development package).
#if defined(__APPLE__)
static const char *const candidates[] = {"/usr/lib/libpcap.A.dylib", "libpcap.dylib"};
#else
static const char *const candidates[] = {"libpcap.so.1", "libpcap.so.0.8", "libpcap.so"};
#endif

// Every function PcapSource calls: return type, name, parameters (libpcap's signatures,
// spelled with this module's types).
#define TLSPROBE_PCAP_FUNCTIONS(X) \
    X(const char *, pcap_lib_version, (void)) \
    X(tlsprobe_pcap_t *, pcap_fopen_offline_with_tstamp_precision, (FILE *, unsigned int, char *)) \
    X(tlsprobe_pcap_t *, pcap_create, (const char *, char *)) \
    X(void, pcap_close, (tlsprobe_pcap_t *)) \
    X(int, pcap_datalink, (tlsprobe_pcap_t *)) \
    X(int, pcap_major_version, (tlsprobe_pcap_t *)) \
    X(FILE *, pcap_file, (tlsprobe_pcap_t *)) \
    X(int, pcap_snapshot, (tlsprobe_pcap_t *)) \
    X(int, pcap_set_snaplen, (tlsprobe_pcap_t *, int)) \
    X(int, pcap_set_promisc, (tlsprobe_pcap_t *, int)) \
    X(int, pcap_set_timeout, (tlsprobe_pcap_t *, int)) \
    X(int, pcap_set_immediate_mode, (tlsprobe_pcap_t *, int)) \
    X(int, pcap_activate, (tlsprobe_pcap_t *)) \
    X(const char *, pcap_statustostr, (int)) \
    X(int, pcap_setnonblock, (tlsprobe_pcap_t *, int, char *)) \
    X(int, pcap_get_selectable_fd, (tlsprobe_pcap_t *)) \
    X(char *, pcap_geterr, (tlsprobe_pcap_t *)) \
    X(int, pcap_compile, (tlsprobe_pcap_t *, struct tlsprobe_bpf_program *, const char *, int, uint32_t)) \
    X(void, pcap_freecode, (struct tlsprobe_bpf_program *)) \
    X(int, pcap_setfilter, (tlsprobe_pcap_t *, struct tlsprobe_bpf_program *)) \
    X(int, pcap_next_ex, (tlsprobe_pcap_t *, struct tlsprobe_pcap_pkthdr **, const unsigned char **)) \
    X(int, pcap_stats, (tlsprobe_pcap_t *, struct tlsprobe_pcap_stat *))

#define TLSPROBE_POINTER(type, name, parameters) static type(*p_##name) parameters;
TLSPROBE_PCAP_FUNCTIONS(TLSPROBE_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

/// TLSPROBE_LIBPCAP, unless the process runs with raised privileges: a setuid binary or one
/// given capabilities (setcap cap_net_raw for live capture) must not load a library its
/// caller names, as the dynamic loader ignores LD_LIBRARY_PATH then.
static const char *override_path(void) {
#if defined(__APPLE__)
    if (issetugid()) return NULL;
#elif defined(__linux__)
    if (getauxval(AT_SECURE)) return NULL;
#endif
    const char *path = getenv(TLSPROBE_LIBPCAP_ENV);
    return (path != NULL && path[0] != '\0') ? path : NULL;
}

static void record_error(const char *what) {
    const char *detail = dlerror();
    snprintf(load_error, sizeof load_error, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

static void load_once(void) {
    const char *chosen = override_path();
    void *library = NULL;
    if (chosen != NULL) {
        library = dlopen(chosen, RTLD_LAZY | RTLD_LOCAL);
        if (library == NULL) {
            record_error("cannot load libpcap (" TLSPROBE_LIBPCAP_ENV ")");
            return;
        }
    } else {
        /* The first reason other than a missing file: a libpcap that is there but does not
           load (a dependency missing, another architecture) is not "not installed". */
        char present[160] = "";
        for (size_t i = 0; i < sizeof candidates / sizeof candidates[0] && library == NULL; i++) {
            chosen = candidates[i];
            library = dlopen(chosen, RTLD_LAZY | RTLD_LOCAL);
            if (library == NULL && present[0] == 0) {
                const char *reason = dlerror();
                if (reason != NULL && strstr(reason, "No such file") == NULL) snprintf(present, sizeof present, "%s", reason);
            }
        }
        if (library == NULL && present[0] != 0) {
            snprintf(load_error, sizeof load_error, "libpcap is installed but could not be loaded: %s", present);
            return;
        }
        if (library == NULL) {
#if defined(__APPLE__)
            snprintf(load_error, sizeof load_error, "libpcap is not installed (none of /usr/lib/libpcap.A.dylib, libpcap.dylib could be loaded)");
#else
            snprintf(load_error, sizeof load_error, "libpcap is not installed (none of libpcap.so.1, libpcap.so.0.8, libpcap.so could be loaded)");
#endif
            return;
        }
    }
#define TLSPROBE_RESOLVE(type, name, parameters) \
    p_##name = (type(*) parameters)dlsym(library, #name); \
    if (p_##name == NULL) { \
        snprintf(load_error, sizeof load_error, "%s is not a libpcap tlsprobe can use: it has no %s", chosen, #name); \
        dlclose(library); \
        return; \
    }
    TLSPROBE_PCAP_FUNCTIONS(TLSPROBE_RESOLVE)
    // Never closed: the functions stay resolved for the life of the process.
    loaded = 1;
}

int tlsprobe_pcap_load(void) {
    pthread_once(&once, load_once);
    return loaded ? 0 : -1;
}

const char *tlsprobe_pcap_load_error(void) {
    pthread_once(&once, load_once);
    return loaded ? NULL : load_error;
}

const char *tlsprobe_pcap_lib_version(void) {
    return tlsprobe_pcap_load() == 0 ? p_pcap_lib_version() : NULL;
}

tlsprobe_pcap_t *tlsprobe_pcap_fopen_offline_with_tstamp_precision(FILE *file, unsigned int precision, char *errbuf) {
    if (tlsprobe_pcap_load() != 0) {
        snprintf(errbuf, TLSPROBE_PCAP_ERRBUF_SIZE, "%s", load_error);
        return NULL;
    }
    return p_pcap_fopen_offline_with_tstamp_precision(file, precision, errbuf);
}

tlsprobe_pcap_t *tlsprobe_pcap_create(const char *source, char *errbuf) {
    if (tlsprobe_pcap_load() != 0) {
        snprintf(errbuf, TLSPROBE_PCAP_ERRBUF_SIZE, "%s", load_error);
        return NULL;
    }
    return p_pcap_create(source, errbuf);
}

// The rest take a handle (or a program compiled on one), so libpcap is loaded.
void tlsprobe_pcap_close(tlsprobe_pcap_t *p) { p_pcap_close(p); }
int tlsprobe_pcap_datalink(tlsprobe_pcap_t *p) { return p_pcap_datalink(p); }
int tlsprobe_pcap_major_version(tlsprobe_pcap_t *p) { return p_pcap_major_version(p); }
FILE *tlsprobe_pcap_file(tlsprobe_pcap_t *p) { return p_pcap_file(p); }
int tlsprobe_pcap_snapshot(tlsprobe_pcap_t *p) { return p_pcap_snapshot(p); }
int tlsprobe_pcap_set_snaplen(tlsprobe_pcap_t *p, int snaplen) { return p_pcap_set_snaplen(p, snaplen); }
int tlsprobe_pcap_set_promisc(tlsprobe_pcap_t *p, int promisc) { return p_pcap_set_promisc(p, promisc); }
int tlsprobe_pcap_set_timeout(tlsprobe_pcap_t *p, int milliseconds) { return p_pcap_set_timeout(p, milliseconds); }
int tlsprobe_pcap_set_immediate_mode(tlsprobe_pcap_t *p, int immediate) { return p_pcap_set_immediate_mode(p, immediate); }
int tlsprobe_pcap_activate(tlsprobe_pcap_t *p) { return p_pcap_activate(p); }
const char *tlsprobe_pcap_statustostr(int status) {
    return tlsprobe_pcap_load() == 0 ? p_pcap_statustostr(status) : "libpcap is not loaded";
}
int tlsprobe_pcap_setnonblock(tlsprobe_pcap_t *p, int nonblock, char *errbuf) { return p_pcap_setnonblock(p, nonblock, errbuf); }
int tlsprobe_pcap_get_selectable_fd(tlsprobe_pcap_t *p) { return p_pcap_get_selectable_fd(p); }
char *tlsprobe_pcap_geterr(tlsprobe_pcap_t *p) { return p_pcap_geterr(p); }
int tlsprobe_pcap_compile(tlsprobe_pcap_t *p, struct tlsprobe_bpf_program *program, const char *filter, int optimize, uint32_t netmask) {
    return p_pcap_compile(p, program, filter, optimize, netmask);
}
void tlsprobe_pcap_freecode(struct tlsprobe_bpf_program *program) { p_pcap_freecode(program); }
int tlsprobe_pcap_setfilter(tlsprobe_pcap_t *p, struct tlsprobe_bpf_program *program) { return p_pcap_setfilter(p, program); }
int tlsprobe_pcap_next_ex(tlsprobe_pcap_t *p, struct tlsprobe_pcap_pkthdr **header, const unsigned char **data) {
    return p_pcap_next_ex(p, header, data);
}
int tlsprobe_pcap_stats(tlsprobe_pcap_t *p, struct tlsprobe_pcap_stat *stats) { return p_pcap_stats(p, stats); }

// Where libpcap's own header is installed, the declarations in shim.h must agree with it.
// (Only types and constants are compared: nothing here refers to a libpcap symbol.)
#if __has_include(<pcap/pcap.h>)
#include <pcap/pcap.h>
_Static_assert(TLSPROBE_PCAP_ERRBUF_SIZE == PCAP_ERRBUF_SIZE, "PCAP_ERRBUF_SIZE");
_Static_assert(TLSPROBE_PCAP_TSTAMP_PRECISION_MICRO == PCAP_TSTAMP_PRECISION_MICRO, "PCAP_TSTAMP_PRECISION_MICRO");
_Static_assert(TLSPROBE_PCAP_ERROR == PCAP_ERROR, "PCAP_ERROR");
_Static_assert(TLSPROBE_PCAP_ERROR_BREAK == PCAP_ERROR_BREAK, "PCAP_ERROR_BREAK");
_Static_assert(TLSPROBE_PCAP_NETMASK_UNKNOWN == PCAP_NETMASK_UNKNOWN, "PCAP_NETMASK_UNKNOWN");
_Static_assert(offsetof(struct tlsprobe_pcap_pkthdr, ts) == offsetof(struct pcap_pkthdr, ts), "pcap_pkthdr.ts");
_Static_assert(offsetof(struct tlsprobe_pcap_pkthdr, caplen) == offsetof(struct pcap_pkthdr, caplen), "pcap_pkthdr.caplen");
_Static_assert(offsetof(struct tlsprobe_pcap_pkthdr, len) == offsetof(struct pcap_pkthdr, len), "pcap_pkthdr.len");
_Static_assert(sizeof(struct tlsprobe_bpf_program) == sizeof(struct bpf_program), "bpf_program");
_Static_assert(offsetof(struct tlsprobe_bpf_program, bf_insns) == offsetof(struct bpf_program, bf_insns), "bpf_program.bf_insns");
_Static_assert(sizeof(struct tlsprobe_pcap_stat) >= sizeof(struct pcap_stat), "pcap_stat");
_Static_assert(offsetof(struct tlsprobe_pcap_stat, ps_drop) == offsetof(struct pcap_stat, ps_drop), "pcap_stat.ps_drop");
_Static_assert(offsetof(struct tlsprobe_pcap_stat, ps_ifdrop) == offsetof(struct pcap_stat, ps_ifdrop), "pcap_stat.ps_ifdrop");
#endif
