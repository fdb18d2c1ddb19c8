/// TLSDiagnosis: observations in, findings out. The trust engine, lint, name matching,
/// profiles, the finding catalog, the `capture.*` and handshake readings, the reports and
/// the `explain` catalog. It judges the values of TLSModel, which it re-exports so that a
/// report's reader sees the certificates and observations it is made of.
@_exported import TLSModel
