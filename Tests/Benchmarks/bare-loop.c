/* The floor for reading a capture: libpcap's own read loop, counting packets and bytes.
 * Built and run by capture-benchmark.sh. */
#include <pcap/pcap.h>
#include <stdio.h>

int main(int argc, char **argv) {
    char errbuf[PCAP_ERRBUF_SIZE];
    if (argc != 2) {
        fprintf(stderr, "usage: bare-loop FILE\n");
        return 64;
    }
    pcap_t *p = pcap_open_offline(argv[1], errbuf);
    if (!p) {
        fprintf(stderr, "%s\n", errbuf);
        return 2;
    }
    struct pcap_pkthdr *h;
    const u_char *data;
    unsigned long long packets = 0, bytes = 0;
    int status;
    while ((status = pcap_next_ex(p, &h, &data)) == 1) {
        packets++;
        bytes += h->caplen;
    }
    printf("%llu packets, %llu bytes\n", packets, bytes);
    pcap_close(p);
    return 0;
}
