#!/usr/bin/env bash
# Two EV Charge nodes behind HAProxy on this machine, natively (no containers): PostgreSQL and NATS
# started if they are not running (as .ci/run starts them), a database created if missing, the
# server built if its build is missing or older than its sources, its migrations applied, node A
# then node B on their own ports with one JWT secret and one metrics token, then HAProxy on
# deploy/haproxy.cfg in front. A node that exits (kill -TERM it to see a rolling restart) is
# started again, as systemd or an orchestrator would. Ctrl-C stops the nodes (gracefully), HAProxy,
# and NATS and PostgreSQL if this script started them.
#
# Settings (environment): EVC_LB_PORT (8080), EVC_NODE_A_PORT (8081), EVC_NODE_B_PORT (8082),
# EVC_LB_STATS_PORT (8404), EVC_DATABASE (evcharge), NODE_ENV (production; development seeds the
# demo accounts and chargers, which a first trial can use), JWT_SECRET and METRICS_TOKEN (made up
# and kept in the run folder when unset), EVC_RUN_DIR (/tmp/evcharge-two-nodes: logs, pids).
# Anything else the nodes read (docs/operations.md: Settings) is passed on, e.g. SHUTDOWN_GRACE.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each background job in a process group of its own: Ctrl-C reaches this script only, which then
# stops the nodes before the balancer in front of them.
set -m

LB_PORT="${EVC_LB_PORT:-8080}"
NODE_A_PORT="${EVC_NODE_A_PORT:-8081}"
NODE_B_PORT="${EVC_NODE_B_PORT:-8082}"
STATS_PORT="${EVC_LB_STATS_PORT:-8404}"
DATABASE="${EVC_DATABASE:-evcharge}"
RUN_DIR="${EVC_RUN_DIR:-/tmp/evcharge-two-nodes}"
export NODE_ENV="${NODE_ENV:-production}"
HAPROXY="${HAPROXY_BINARY:-/usr/sbin/haproxy}"

log() { printf '== %s\n' "$*"; }
tcp_up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

mkdir -p "$RUN_DIR"
rm -f "$RUN_DIR/stopping"
started_postgres=""
nats_pid=""
haproxy_pid=""
supervisors=()

stop_all() {
  trap - INT TERM EXIT
  touch "$RUN_DIR/stopping"
  log "stopping the nodes (SIGTERM: they drain, then exit)"
  for name in node-a node-b; do
    if [ -s "$RUN_DIR/$name.pid" ]; then kill -TERM "$(cat "$RUN_DIR/$name.pid")" 2>/dev/null || true; fi
  done
  for pid in "${supervisors[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$haproxy_pid" ]; then
    log "stopping HAProxy"
    kill -TERM "$haproxy_pid" 2>/dev/null || true
    wait "$haproxy_pid" 2>/dev/null || true
  fi
  if [ -n "$nats_pid" ]; then
    log "stopping NATS"
    kill -TERM "$nats_pid" 2>/dev/null || true
    wait "$nats_pid" 2>/dev/null || true
  fi
  if [ -n "$started_postgres" ]; then
    log "stopping PostgreSQL"
    as_root pg_ctlcluster --skip-systemctl-redirect "$started_postgres" main stop || true
  fi
}
trap stop_all INT TERM EXIT

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  started_postgres="$(ls /etc/postgresql | head -n 1)"
  log "starting PostgreSQL $started_postgres"
  as_root pg_ctlcluster --skip-systemctl-redirect "$started_postgres" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
if ! tcp_up 4222; then
  if [ ! -x /usr/sbin/nats-server ]; then
    log "installing nats-server"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server
  fi
  log "starting NATS"
  mkdir -p "$RUN_DIR/nats"
  /usr/sbin/nats-server -a 127.0.0.1 -p 4222 -js -sd "$RUN_DIR/nats" -l "$RUN_DIR/nats.log" &
  nats_pid=$!
  for _ in $(seq 1 30); do tcp_up 4222 && break; sleep 1; done
fi
if [ ! -x "$HAPROXY" ]; then
  log "installing haproxy"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy
fi

psql_admin() { psql -h 127.0.0.1 -U postgres -d postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'")" != "1" ]; then
  log "creating the database ${DATABASE}"
  psql_admin -c "CREATE DATABASE ${DATABASE}"
fi

log "building what is missing or older than its sources ($RUN_DIR/build.log)"
if ! node tools/build.ts --stale >"$RUN_DIR/build.log" 2>&1; then
  tail -n 40 "$RUN_DIR/build.log"
  exit 1
fi

# One secret and one token for both nodes: a driver signed in on one is signed in on the other.
secret_of() {
  local file="$RUN_DIR/$1"
  [ -s "$file" ] || (umask 077 && openssl rand -base64 48 | tr -d '\n' >"$file")
  cat "$file"
}
export JWT_SECRET="${JWT_SECRET:-$(secret_of jwt-secret)}"
export METRICS_TOKEN="${METRICS_TOKEN:-$(secret_of metrics-token)}"
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/${DATABASE}"
export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
# The nodes sit behind HAProxy, which gives them the client's address in X-Forwarded-For.
export TRUST_PROXY=true
export HOST=127.0.0.1
export APP_URL="${APP_URL:-http://localhost:${LB_PORT}}"

# Runs a node, and starts it again whenever it exits, until this script stops.
supervise() {
  local name="$1" port="$2"
  while [ ! -e "$RUN_DIR/stopping" ]; do
    PORT="$port" DATA_DIR="$RUN_DIR/$name" node --max-semi-space-size=8 apps/server/dist/main.js \
      >>"$RUN_DIR/$name.log" 2>&1 &
    echo $! >"$RUN_DIR/$name.pid"
    local code=0
    wait $! || code=$?
    [ -e "$RUN_DIR/stopping" ] && break
    printf '== %s exited with %s; starting it again\n' "$name" "$code"
    sleep 1
  done
  rm -f "$RUN_DIR/$name.pid"
}

until_ready() {
  for _ in $(seq 1 120); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/readyz")" = "200" ] && return 0
    sleep 0.5
  done
  log "the node on port $1 is not ready: see $RUN_DIR"
  exit 1
}

# Migrations first, as an upgrade runs them (docs/operations.md), then the nodes one after the
# other.
log "applying the migrations"
node apps/server/dist/cli/migrate.js
for node in "node-a $NODE_A_PORT" "node-b $NODE_B_PORT"; do
  read -r name port <<<"$node"
  log "starting $name on port $port"
  supervise "$name" "$port" &
  supervisors+=($!)
  until_ready "$port"
done

log "starting HAProxy on port $LB_PORT"
EVC_LB_BIND=":${LB_PORT}" EVC_LB_STATS_BIND="127.0.0.1:${STATS_PORT}" \
  EVC_NODE_A="127.0.0.1:${NODE_A_PORT}" EVC_NODE_B="127.0.0.1:${NODE_B_PORT}" \
  "$HAPROXY" -db -f deploy/haproxy.cfg >>"$RUN_DIR/haproxy.log" 2>&1 &
haproxy_pid=$!
for _ in $(seq 1 40); do tcp_up "$LB_PORT" && break; sleep 0.25; done

cat <<EOF

EV Charge: two nodes behind HAProxy
  the app and the API      http://localhost:${LB_PORT}
  chargers (OCPP 1.6J)     ws://localhost:${LB_PORT}/ocpp/{chargePointId}
  node A, node B           http://127.0.0.1:${NODE_A_PORT}, http://127.0.0.1:${NODE_B_PORT} (pids in $RUN_DIR/node-*.pid)
  HAProxy's view           http://127.0.0.1:${STATS_PORT}/stats (Prometheus: /metrics)
  metrics of a node        curl -H "Authorization: Bearer \$(cat $RUN_DIR/metrics-token)" http://127.0.0.1:${NODE_A_PORT}/metrics
  logs                     $RUN_DIR/{node-a,node-b,haproxy}.log
  a rolling restart        npm run build; node apps/server/dist/cli/migrate.js (with DATABASE_URL);
                           kill -TERM "\$(cat $RUN_DIR/node-a.pid)"; wait for node A's /readyz; then node B
Ctrl-C stops everything.
EOF
wait "$haproxy_pid"
