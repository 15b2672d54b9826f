/** Types of bench/nginx.js, for the cluster suite that runs it too. */
type NginxSite = {
  servers: string[]
  port: number
  publishPort?: number
  dir: string
  workers?: number
  connections?: number
  descriptors?: number
  backlog?: number
  visitorsNamedByProxy?: boolean
}

export declare const NGINX_CONF: string
export declare const NGINX_BIN: string
export declare function nginxConfig(site: NginxSite): string
export declare function relayUrl(publishPort: number): string
export declare function startNginx(site: NginxSite): Promise<{
  child: import('node:child_process').ChildProcess
  file: string
  url: string
  stop: () => boolean
}>
