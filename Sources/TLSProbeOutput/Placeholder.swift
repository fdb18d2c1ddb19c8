public enum TLSProbeOutputModule {}
