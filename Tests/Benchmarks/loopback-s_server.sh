# Sourced, not run: one `openssl s_server` on a free loopback port with the sample PKI's good
# chain, every version reachable (security level 0), for the connect benchmark.
#
#   start_good_s_server PKI_DIR     sets $port and $server_pid, or exits 2
#   stop_s_server                   for the EXIT trap
server_pid=
start_good_s_server() {
  local pki=$1 attempt i
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    port=$((20000 + RANDOM % 40000))
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
    openssl s_server -accept "127.0.0.1:$port" -quiet -cert "$pki/good/server.pem" -key "$pki/good/server.key" \
      -cert_chain "$pki/intermediate.pem" -cipher 'DEFAULT:@SECLEVEL=0' </dev/null >/dev/null 2>&1 &
    server_pid=$!
    for i in $(seq 50); do
      kill -0 "$server_pid" 2>/dev/null || break
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
      sleep 0.1
    done
    stop_s_server # alive but not listening: not left behind
  done
  echo "could not start openssl s_server on loopback" >&2
  exit 2
}
stop_s_server() {
  # `wait` on the killed server returns 143: under set -e that would end a trap.
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=
}
