/// TLSModel: what tlsprobe observes, as values every other module shares. The X.509
/// certificate model and its views, a handshake as observed (hellos, chains, alerts, how
/// it ended), what a capture says about a connection, credential details, trust anchors
/// and the expected name, report times. Sources (OpenSSLProbe, PcapSource) produce these;
/// TLSDiagnosis judges them. Nothing here decides whether something is wrong: no finding
/// is made in this module.
