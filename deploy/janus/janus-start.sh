#!/bin/sh
# Writes the Janus configuration Fanstage's API expects, from the environment, then runs Janus:
# the VideoRoom plugin, the HTTP, Admin and WebSocket APIs, and the HTTP event handler posting to
# the API. Nothing of Debian's default configuration (demo rooms, known secrets) is used.
set -eu

need() {
  eval "value=\${$1:-}"
  if [ -z "$value" ]; then
    echo "janus-start: $1 is not set ($2)" >&2
    exit 1
  fi
  # The values go between double quotes in the configuration.
  case "$value" in
    *'"'* | *'\'*) echo "janus-start: $1 must not contain \" or \\" >&2; exit 1 ;;
  esac
}
need JANUS_ADMIN_SECRET "the API's JANUS_ADMIN_SECRET"
need JANUS_TOKEN_SECRET "the API's JANUS_TOKEN_SECRET"
need JANUS_ROOM_ADMIN_KEY "the API's JANUS_ROOM_ADMIN_KEY"
need JANUS_EVENTS_PASSWORD "the API's JANUS_EVENTS_PASSWORD"
need JANUS_EVENTS_URL "where the API takes Janus events, <site>/api/streaming/janus-events"

rtp_ports=${JANUS_RTP_PORT_RANGE:-20000-20099}
public_ip=${JANUS_PUBLIC_IP:-}
conf=${JANUS_CONFIG_DIR:-$HOME/etc}

videoroom=$(ls /usr/lib/*/janus/plugins/libjanus_videoroom.so /usr/lib/janus/plugins/libjanus_videoroom.so 2>/dev/null | head -n 1)
if [ -z "$videoroom" ]; then
  echo "janus-start: no Janus VideoRoom plugin found (apt-get install janus)" >&2
  exit 1
fi
modules=$(dirname "$(dirname "$videoroom")")

# The module files of a folder, comma separated, but the ones named after it.
all_but() {
  folder=$1
  shift
  for file in "$modules/$folder"/*.so; do
    [ -e "$file" ] || continue
    name=$(basename "$file")
    for keep in "$@"; do
      [ "$name" = "$keep" ] && continue 2
    done
    printf '%s,' "$name"
  done | sed 's/,$//'
}

umask 077
mkdir -p "$conf"

nat="  ignore_mdns = true"
if [ -n "$public_ip" ]; then
  # Behind Docker's NAT: the candidates carry the machine's public address.
  nat="$nat
  nat_1_1_mapping = \"$public_ip\""
fi

cat >"$conf/janus.jcfg" <<JCFG
general: {
  configs_folder = "$conf"
  plugins_folder = "$modules/plugins"
  transports_folder = "$modules/transports"
  events_folder = "$modules/events"
  loggers_folder = "$modules/loggers"
  debug_level = 4
  admin_secret = "$JANUS_ADMIN_SECRET"
  token_auth = true
  token_auth_secret = "$JANUS_TOKEN_SECRET"
  session_timeout = 30
  reclaim_session_timeout = 0
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
media: {
  ipv6 = false
  rtp_port_range = "$rtp_ports"
}
nat: {
$nat
}
plugins: {
  disable = "$(all_but plugins libjanus_videoroom.so)"
}
transports: {
  disable = "$(all_but transports libjanus_http.so libjanus_websockets.so)"
}
loggers: {
  disable = "$(all_but loggers)"
}
events: {
  broadcast = true
  combine_media_stats = true
  stats_period = 5
  disable = "$(all_but events libjanus_sampleevh.so)"
}
JCFG

# The API nodes reach these on the private network; none of them is published.
cat >"$conf/janus.transport.http.jcfg" <<JCFG
general: {
  json = "compact"
  base_path = "/janus"
  http = true
  port = 8088
  https = false
}
admin: {
  admin_base_path = "/admin"
  admin_http = true
  admin_port = 7088
  admin_https = false
}
JCFG

cat >"$conf/janus.transport.websockets.jcfg" <<JCFG
general: {
  json = "compact"
  ws = true
  ws_port = 8188
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
JCFG

cat >"$conf/janus.eventhandler.sampleevh.jcfg" <<JCFG
general: {
  enabled = true
  events = "sessions,handles,webrtc,media,plugins"
  grouping = true
  json = "compact"
  backend = "$JANUS_EVENTS_URL"
  backend_user = "janus"
  backend_pwd = "$JANUS_EVENTS_PASSWORD"
  max_retransmissions = 3
  retransmissions_backoff = 100
}
JCFG

# Rooms are made by the API only (admin_key), with string ids.
cat >"$conf/janus.plugin.videoroom.jcfg" <<JCFG
general: {
  admin_key = "$JANUS_ROOM_ADMIN_KEY"
  lock_rtp_forward = true
  string_ids = true
}
JCFG

exec janus --configs-folder "$conf" --config "$conf/janus.jcfg" --disable-colors --log-stdout
