public enum TLSDiagnosisModule {}
