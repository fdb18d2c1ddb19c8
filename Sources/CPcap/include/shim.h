// libpcap for PcapSource, the only module that imports it, loaded on first use: the binary
// does not link libpcap, so every command but `capture` (and `--version`, which prints its
// version) starts without loading it and its dependencies (dbus, systemd, gcrypt, ...), and
// tlsprobe runs where libpcap is not installed. `tlsprobe_pcap_load` opens it with dlopen
// and resolves every function below with dlsym, once; the wrappers call through those.
//
// The types and constants are libpcap's stable ABI (pcap/pcap.h since 1.0), declared here
// so that building tlsprobe needs no libpcap headers; pcap-loader.c checks them against
// pcap/pcap.h wherever that header is installed. (The cookie FILE that reads pcapng secrets
// on the way to libpcap is SystemCalls' own, in CSystemCalls.)
#ifndef TLSPROBE_CPCAP_SHIM_H
#define TLSPROBE_CPCAP_SHIM_H
#include <stdint.h>
#include <stdio.h>
#include <sys/time.h>

/// libpcap's `pcap_t` (opaque).
typedef struct tlsprobe_pcap tlsprobe_pcap_t;

/// `struct pcap_pkthdr`.
struct tlsprobe_pcap_pkthdr {
    struct timeval ts;
    uint32_t caplen;
    uint32_t len;
};

/// `struct bpf_program` (the instructions are libpcap's business).
struct tlsprobe_bpf_program {
    unsigned int bf_len;
    void *bf_insns;
};

/// `struct pcap_stat`, with room to spare should a libpcap write more fields.
struct tlsprobe_pcap_stat {
    unsigned int ps_recv;
    unsigned int ps_drop;
    unsigned int ps_ifdrop;
    unsigned int reserved[8];
};

#define TLSPROBE_PCAP_ERRBUF_SIZE 256
#define TLSPROBE_PCAP_TSTAMP_PRECISION_MICRO 0
#define TLSPROBE_PCAP_ERROR (-1)
#define TLSPROBE_PCAP_ERROR_BREAK (-2)
#define TLSPROBE_PCAP_NETMASK_UNKNOWN 0xffffffffU

/// The environment variable naming the libpcap to load instead of the system's (a path);
/// ignored when the process runs with raised privileges (setuid, file capabilities).
#define TLSPROBE_LIBPCAP_ENV "TLSPROBE_LIBPCAP"

/// Loads libpcap and resolves its functions, the first time it is called (thread-safe;
/// later calls return the first result). 0 when loaded; -1 when not, and
/// `tlsprobe_pcap_load_error` says why (the library tried and dlerror's words).
int tlsprobe_pcap_load(void);
/// Why `tlsprobe_pcap_load` failed; NULL while it has not, or did not fail.
const char *tlsprobe_pcap_load_error(void);

// The functions PcapSource uses, with libpcap's signatures. The two that make a handle
// (and `lib_version`) load libpcap first and fail as libpcap would (NULL, errbuf filled)
// when it cannot be loaded; the others take a handle, which only exists once it is loaded.
const char *tlsprobe_pcap_lib_version(void);
tlsprobe_pcap_t *tlsprobe_pcap_fopen_offline_with_tstamp_precision(FILE *file, unsigned int precision, char *errbuf);
tlsprobe_pcap_t *tlsprobe_pcap_create(const char *source, char *errbuf);
void tlsprobe_pcap_close(tlsprobe_pcap_t *p);
int tlsprobe_pcap_datalink(tlsprobe_pcap_t *p);
int tlsprobe_pcap_major_version(tlsprobe_pcap_t *p);
FILE *tlsprobe_pcap_file(tlsprobe_pcap_t *p);
int tlsprobe_pcap_snapshot(tlsprobe_pcap_t *p);
int tlsprobe_pcap_set_snaplen(tlsprobe_pcap_t *p, int snaplen);
int tlsprobe_pcap_set_promisc(tlsprobe_pcap_t *p, int promisc);
int tlsprobe_pcap_set_timeout(tlsprobe_pcap_t *p, int milliseconds);
int tlsprobe_pcap_set_immediate_mode(tlsprobe_pcap_t *p, int immediate);
int tlsprobe_pcap_activate(tlsprobe_pcap_t *p);
const char *tlsprobe_pcap_statustostr(int status);
int tlsprobe_pcap_setnonblock(tlsprobe_pcap_t *p, int nonblock, char *errbuf);
int tlsprobe_pcap_get_selectable_fd(tlsprobe_pcap_t *p);
char *tlsprobe_pcap_geterr(tlsprobe_pcap_t *p);
int tlsprobe_pcap_compile(tlsprobe_pcap_t *p, struct tlsprobe_bpf_program *program, const char *filter, int optimize, uint32_t netmask);
void tlsprobe_pcap_freecode(struct tlsprobe_bpf_program *program);
int tlsprobe_pcap_setfilter(tlsprobe_pcap_t *p, struct tlsprobe_bpf_program *program);
int tlsprobe_pcap_next_ex(tlsprobe_pcap_t *p, struct tlsprobe_pcap_pkthdr **header, const unsigned char **data);
int tlsprobe_pcap_stats(tlsprobe_pcap_t *p, struct tlsprobe_pcap_stat *stats);

#endif
