// Wrappers for the OpenSSL macros that the Swift importer cannot see, in the manner of
// swift-nio-ssl's CNIOBoringSSLShims. Every function here is a one-line static inline
// over a macro; nothing else belongs in this file.
#ifndef TLSPROBE_COPENSSL_SHIM_H
#define TLSPROBE_COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/bio.h>
#include <openssl/provider.h>
#include <openssl/objects.h>
#include <openssl/crypto.h>
#include <openssl/ui.h>
#include <openssl/pkcs7.h>
#include <openssl/proverr.h>
#include <openssl/rand.h>
#include <openssl/bn.h>
#include <openssl/ec.h>

// Stacks (sk_TYPE_* are macros over OPENSSL_sk_*).
static inline int tlsprobe_sk_X509_num(const STACK_OF(X509) *sk) { return sk_X509_num(sk); }
static inline X509 *tlsprobe_sk_X509_value(const STACK_OF(X509) *sk, int i) { return sk_X509_value(sk, i); }
static inline STACK_OF(X509) *tlsprobe_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int tlsprobe_sk_X509_push(STACK_OF(X509) *sk, X509 *x) { return sk_X509_push(sk, x); }
static inline void tlsprobe_sk_X509_pop_free(STACK_OF(X509) *sk) { sk_X509_pop_free(sk, X509_free); }
static inline void tlsprobe_sk_X509_free(STACK_OF(X509) *sk) { sk_X509_free(sk); }
static inline int tlsprobe_sk_X509_NAME_num(const STACK_OF(X509_NAME) *sk) { return sk_X509_NAME_num(sk); }
static inline X509_NAME *tlsprobe_sk_X509_NAME_value(const STACK_OF(X509_NAME) *sk, int i) { return sk_X509_NAME_value(sk, i); }
static inline int tlsprobe_sk_PKCS7_num(const STACK_OF(PKCS7) *sk) { return sk_PKCS7_num(sk); }
static inline PKCS7 *tlsprobe_sk_PKCS7_value(const STACK_OF(PKCS7) *sk, int i) { return sk_PKCS7_value(sk, i); }
static inline void tlsprobe_sk_PKCS7_pop_free(STACK_OF(PKCS7) *sk) { sk_PKCS7_pop_free(sk, PKCS7_free); }
static inline int tlsprobe_sk_PKCS12_SAFEBAG_num(const STACK_OF(PKCS12_SAFEBAG) *sk) { return sk_PKCS12_SAFEBAG_num(sk); }
static inline PKCS12_SAFEBAG *tlsprobe_sk_PKCS12_SAFEBAG_value(const STACK_OF(PKCS12_SAFEBAG) *sk, int i) { return sk_PKCS12_SAFEBAG_value(sk, i); }
static inline void tlsprobe_sk_PKCS12_SAFEBAG_pop_free(STACK_OF(PKCS12_SAFEBAG) *sk) { sk_PKCS12_SAFEBAG_pop_free(sk, PKCS12_SAFEBAG_free); }

// Memory.
static inline void tlsprobe_OPENSSL_free(void *p) { OPENSSL_free(p); }
static inline long tlsprobe_BIO_get_mem_data(BIO *b, char **pp) { return BIO_get_mem_data(b, pp); }

// SSL macros (used by connect and listen).
static inline int tlsprobe_SSL_set_tlsext_host_name(SSL *s, const char *name) { return SSL_set_tlsext_host_name(s, name); }
static inline int tlsprobe_SSL_CTX_set_min_proto_version(SSL_CTX *c, int v) { return SSL_CTX_set_min_proto_version(c, v); }
static inline int tlsprobe_SSL_CTX_set_max_proto_version(SSL_CTX *c, int v) { return SSL_CTX_set_max_proto_version(c, v); }
static inline int tlsprobe_SSL_set_min_proto_version(SSL *s, int v) { return SSL_set_min_proto_version(s, v); }
static inline int tlsprobe_SSL_set_max_proto_version(SSL *s, int v) { return SSL_set_max_proto_version(s, v); }
static inline void tlsprobe_SSL_CTX_set_msg_callback_arg(SSL_CTX *c, void *arg) { SSL_CTX_set_msg_callback_arg(c, arg); }
static inline void tlsprobe_SSL_set_msg_callback_arg(SSL *s, void *arg) { SSL_set_msg_callback_arg(s, arg); }
static inline long tlsprobe_SSL_CTX_set_mode(SSL_CTX *c, long mode) { return SSL_CTX_set_mode(c, mode); }
static inline int tlsprobe_SSL_get_negotiated_group(SSL *s) { return (int)SSL_get_negotiated_group(s); }
static inline int tlsprobe_SSL_get_peer_tmp_key(SSL *s, EVP_PKEY **pk) { return (int)SSL_get_peer_tmp_key(s, pk); }
static inline uint64_t tlsprobe_SSL_OP_NO_TICKET(void) { return SSL_OP_NO_TICKET; }
static inline uint64_t tlsprobe_SSL_OP_LEGACY_SERVER_CONNECT(void) { return SSL_OP_LEGACY_SERVER_CONNECT; }
static inline uint64_t tlsprobe_SSL_OP_IGNORE_UNEXPECTED_EOF(void) { return SSL_OP_IGNORE_UNEXPECTED_EOF; }
static inline int tlsprobe_SSL_get_ex_new_index(void) { return SSL_get_ex_new_index(0, NULL, NULL, NULL, NULL); }
static inline long tlsprobe_SSL_CTX_set_tlsext_servername_callback(SSL_CTX *c, int (*cb)(SSL *, int *, void *)) {
    return SSL_CTX_set_tlsext_servername_callback(c, cb);
}
static inline long tlsprobe_SSL_CTX_set_tlsext_servername_arg(SSL_CTX *c, void *arg) { return SSL_CTX_set_tlsext_servername_arg(c, arg); }
static inline int tlsprobe_SSL_CTX_add1_chain_cert(SSL_CTX *c, X509 *x) { return (int)SSL_CTX_add1_chain_cert(c, x); }
static inline long tlsprobe_BIO_set_mem_eof_return(BIO *b, int v) { return BIO_set_mem_eof_return(b, v); }
static inline int tlsprobe_SSL_set1_sigalgs_list(SSL *s, const char *list) { return (int)SSL_set1_sigalgs_list(s, list); }
static inline int tlsprobe_SSL_set1_groups_list(SSL *s, const char *list) { return (int)SSL_set1_groups_list(s, list); }

// Server side (listen).
static inline int tlsprobe_sk_SSL_CIPHER_num(const STACK_OF(SSL_CIPHER) *sk) { return sk_SSL_CIPHER_num(sk); }
static inline const SSL_CIPHER *tlsprobe_sk_SSL_CIPHER_value(const STACK_OF(SSL_CIPHER) *sk, int i) { return sk_SSL_CIPHER_value(sk, i); }
static inline long tlsprobe_SSL_CTX_set_session_cache_mode(SSL_CTX *c, long mode) { return SSL_CTX_set_session_cache_mode(c, mode); }
static inline uint64_t tlsprobe_SSL_OP_NO_RENEGOTIATION(void) { return SSL_OP_NO_RENEGOTIATION; }
static inline EVP_PKEY *tlsprobe_EVP_EC_gen(const char *curve) { return EVP_EC_gen(curve); }

// Names and flags.
static inline unsigned long tlsprobe_XN_FLAG_RFC2253(void) { return XN_FLAG_RFC2253; }

#endif
