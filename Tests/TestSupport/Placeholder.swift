public enum TestSupportModule {}
