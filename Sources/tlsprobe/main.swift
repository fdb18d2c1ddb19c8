import OpenSSLProbe
import PcapSource
print(OpenSSLLibrary.version, PcapLibrary.version)
