// libpcap for PcapSource, the only module that imports it. (The cookie FILE that reads
// pcapng secrets on the way to libpcap is SystemCalls' own, in CSystemCalls.)
#ifndef TLSPROBE_CPCAP_SHIM_H
#define TLSPROBE_CPCAP_SHIM_H
#include <pcap/pcap.h>

#endif
