/*
| deploy/nginx.conf for a run on this machine: the same file with its
| PLACEHOLDER lines rewritten (the app nodes, the ports, the paths under one
| folder), and nginx started on it. Used by `npm run bench -- --through-nginx`
| and by the cluster suite.
*/
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const NGINX_CONF = resolve(fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url)))
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx'

/**
 * deploy/nginx.conf with `servers` (["127.0.0.1:3500", …]) as the upstream's
 * nodes, `port` as its listen port, and the pid file, logs, cache and
 * temporary files under `dir`. Run by root, the workers run as root (the
 * folder is the caller's); otherwise there is no `user` line at all.
 * A crowd's run sizes it for this machine: `workers` processes of
 * `connections` each within `descriptors` (the hard limit of open files a
 * process may have here), and a listen backlog of `backlog` on a socket of
 * each worker's own (`reuseport`: the kernel spreads the crowd's connections
 * evenly, where one shared socket lets a busy worker take more than it may hold).
 */
export function nginxConfig({
  servers,
  port,
  publishPort = port + 1,
  dir,
  workers,
  connections,
  descriptors,
  backlog,
  visitorsNamedByProxy = false,
}) {
  let conf = readFileSync(NGINX_CONF, 'utf8')
  const replace = (pattern, replacement, name) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf has no ${name} line`)
    conf = conf.replace(pattern, replacement)
  }
  replace(
    /^(\s*upstream undersign \{\n)((?:\s*server .*\n)+)/m,
    (_, head) =>
      head +
      servers.map((server) => `        server ${server} max_fails=1 fail_timeout=10s;\n`).join(''),
    'upstream'
  )
  const listenOptions = backlog ? ` backlog=${backlog} reuseport` : ''
  replace(
    /^(\s*)listen\s+[^;]+;\s*# PLACEHOLDER listen$/m,
    `$1listen 127.0.0.1:${port}${listenOptions};`,
    'listen'
  )
  replace(
    /^(\s*)listen\s+[^;]+;\s*# PLACEHOLDER publish$/m,
    `$1listen 127.0.0.1:${publishPort};`,
    'publish listen'
  )
  if (workers) replace(/^worker_processes .*$/m, `worker_processes ${workers};`, 'worker_processes')
  if (descriptors)
    replace(
      /^worker_rlimit_nofile .*$/m,
      `worker_rlimit_nofile ${descriptors};`,
      'worker_rlimit_nofile'
    )
  if (connections)
    replace(
      /^(\s*)worker_connections .*$/m,
      `$1worker_connections ${connections};`,
      'worker_connections'
    )
  replace(/^user .*$/m, process.getuid?.() === 0 ? 'user root;' : '', 'user')
  replace(/^pid .*$/m, `pid ${join(dir, 'nginx.pid')};`, 'pid')
  replace(/^error_log .*$/m, `error_log ${join(dir, 'error.log')} warn;`, 'error_log')
  replace(
    /^(\s*)access_log \S+ (\w+);.*$/m,
    `$1access_log ${join(dir, 'access.log')} $2;`,
    'access_log'
  )
  replace(/(proxy_cache_path )\S+/, `$1${join(dir, 'cache')}`, 'proxy_cache_path')
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${join(dir, `${kind}_temp`)};`)
    .join('\n')
  // A crowd played from a few loopback addresses, each page naming its own: nginx believes
  // the name as it would a load balancer's in front of it (its per-address stream cap).
  const realIp = visitorsNamedByProxy
    ? '    set_real_ip_from 127.0.0.0/8;\n    real_ip_header X-Forwarded-For;\n'
    : ''
  replace(/^http \{\n/m, `http {\n${temp}\n${realIp}`, 'http')
  return conf
}

/** The LIVE_COUNTS_RELAY_URL of nodes behind an nginx whose publishing server listens on `publishPort`. */
export function relayUrl(publishPort) {
  return `http://127.0.0.1:${publishPort}/live`
}

/**
 * nginx in the foreground on that configuration (written to `dir`), after
 * `nginx -t` accepts it, with an empty cache; answers once its port does.
 * `stop()` ends it.
 */
export async function startNginx({ servers, port, publishPort = port + 1, dir, ...sizing }) {
  // A cache left by an earlier run would answer the first requests.
  rmSync(join(dir, 'cache'), { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'nginx.conf')
  writeFileSync(file, nginxConfig({ servers, port, publishPort, dir, ...sizing }))
  const args = ['-p', dir, '-c', file]
  const check = spawnSync(NGINX_BIN, [...args, '-t'], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx -t refused ${file}:\n${check.stderr}`)
  const child = spawn(NGINX_BIN, [...args, '-g', 'daemon off;'], { stdio: 'inherit' })
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/health/live`)
      break
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('nginx did not start')
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  return {
    child,
    file,
    url: `http://127.0.0.1:${port}`,
    stop: () => child.kill('SIGTERM'),
  }
}
