// libpcap for PcapSource, the only module that imports it.
#ifndef TLSPROBE_CPCAP_SHIM_H
#define TLSPROBE_CPCAP_SHIM_H
#include <pcap/pcap.h>
#endif
