/**
 * The configuration folder of a Janus that the API runs itself: only the VideoRoom plugin, the HTTP
 * (API and Admin API) and WebSocket transports, and the HTTP event handler posting to our API. Every
 * secret is random per start; nothing of Debian's defaults (demo rooms, "janusoverlord") is used.
 */
export interface JanusConfigInput {
  /** Folders holding the .so files, found next to the binary. */
  folders: { plugins: string; transports: string; events: string; loggers: string };
  /** The .so files in each folder: everything but what we use is disabled. */
  present: { plugins: string[]; transports: string[]; events: string[]; loggers: string[] };
  ports: { http: number; ws: number; admin: number; rtpFrom: number; rtpTo: number };
  secrets: { admin: string; token: string; roomAdminKey: string; eventsPassword: string };
  /** Where the event handler posts (our API, on the loopback). */
  eventsUrl: string;
  /** Interfaces or addresses ICE may use ("" = all but loopback, Janus's default). */
  iceEnforceList: string;
  /** Public STUN server for the host candidates behind a NAT, if any. */
  stun?: { host: string; port: number };
  /** Where the core keeps nothing: a folder of its own. */
  configsFolder: string;
}

const quote = (s: string) => `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
const disableAllBut = (present: string[], keep: string[]) =>
  present.filter((f) => !keep.includes(f)).join(',');

/** File name → content of each .jcfg file. */
export function janusConfigFiles(c: JanusConfigInput): Record<string, string> {
  const core = `general: {
  configs_folder = ${quote(c.configsFolder)}
  plugins_folder = ${quote(c.folders.plugins)}
  transports_folder = ${quote(c.folders.transports)}
  events_folder = ${quote(c.folders.events)}
  loggers_folder = ${quote(c.folders.loggers)}
  debug_level = 3
  admin_secret = ${quote(c.secrets.admin)}
  token_auth = true
  token_auth_secret = ${quote(c.secrets.token)}
  session_timeout = 30
  reclaim_session_timeout = 0
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
media: {
  ipv6 = false
  rtp_port_range = "${c.ports.rtpFrom}-${c.ports.rtpTo}"
}
nat: {
  ignore_mdns = true
  nice_debug = false
${c.iceEnforceList ? `  ice_enforce_list = ${quote(c.iceEnforceList)}\n` : ''}${c.stun ? `  stun_server = ${quote(c.stun.host)}\n  stun_port = ${c.stun.port}\n` : ''}}
plugins: {
  disable = ${quote(disableAllBut(c.present.plugins, ['libjanus_videoroom.so']))}
}
transports: {
  disable = ${quote(disableAllBut(c.present.transports, ['libjanus_http.so', 'libjanus_websockets.so']))}
}
loggers: {
  disable = ${quote(c.present.loggers.join(','))}
}
events: {
  broadcast = true
  combine_media_stats = true
  stats_period = 5
  disable = ${quote(disableAllBut(c.present.events, ['libjanus_sampleevh.so']))}
}
`;
  const http = `general: {
  json = "compact"
  base_path = "/janus"
  http = true
  port = ${c.ports.http}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_base_path = "/admin"
  admin_http = true
  admin_port = ${c.ports.admin}
  admin_ip = "127.0.0.1"
  admin_https = false
}
`;
  const ws = `general: {
  json = "compact"
  ws = true
  ws_port = ${c.ports.ws}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`;
  const events = `general: {
  enabled = true
  events = "sessions,handles,webrtc,media,plugins"
  grouping = true
  json = "compact"
  backend = ${quote(c.eventsUrl)}
  backend_user = "janus"
  backend_pwd = ${quote(c.secrets.eventsPassword)}
  max_retransmissions = 3
  retransmissions_backoff = 100
}
`;
  const videoroom = `general: {
  admin_key = ${quote(c.secrets.roomAdminKey)}
  lock_rtp_forward = true
  string_ids = true
}
`;
  return {
    'janus.jcfg': core,
    'janus.transport.http.jcfg': http,
    'janus.transport.websockets.jcfg': ws,
    'janus.eventhandler.sampleevh.jcfg': events,
    'janus.plugin.videoroom.jcfg': videoroom,
  };
}
