import { request as httpRequest, type RequestOptions } from 'node:http'

export type InertiaPage = {
  component: string
  props: Record<string, any>
  url: string
  version: string
}

export type Reply = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  text(): string
  json(): any
  /** The Inertia page of the reply: the JSON of an Inertia visit, or the one embedded in HTML. */
  page(): InertiaPage
  location: string | null
}

export type Upload = { name: string; type: string; content: Buffer }
export type Body =
  | { json: unknown }
  | { form: Record<string, string> }
  | { multipart: Record<string, string | Upload> }
  | { raw: Buffer | string; contentType: string }

/** One request and its whole answer over Node's shared keep-alive agent. */
function exchange(request: RequestOptions, content: Buffer | undefined): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const outgoing = httpRequest(request, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body,
          location: incoming.headers.location ?? null,
          text: () => body.toString('utf8'),
          json: () => JSON.parse(body.toString('utf8')),
          page: () => {
            const text = body.toString('utf8')
            return text.trimStart().startsWith('{') ? JSON.parse(text) : pageInHtml(text)
          },
        })
      })
    })
    outgoing.on('error', (error) =>
      reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket }))
    )
    outgoing.end(content)
  })
}

/** The Inertia page object a server-rendered page embeds for the client. */
export function pageInHtml(html: string): InertiaPage {
  const match = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error(`no Inertia page in the HTML: ${html.slice(0, 200)}`)
  return JSON.parse(match[1].replace(/\\\//g, '/'))
}

async function encode(body: Body): Promise<{ content: Buffer; type: string }> {
  if ('json' in body) {
    return { content: Buffer.from(JSON.stringify(body.json)), type: 'application/json' }
  }
  if ('form' in body) {
    const content = Buffer.from(new URLSearchParams(body.form).toString())
    return { content, type: 'application/x-www-form-urlencoded' }
  }
  if ('multipart' in body) {
    const form = new FormData()
    for (const [name, value] of Object.entries(body.multipart)) {
      if (typeof value === 'string') form.append(name, value)
      else form.append(name, new Blob([value.content], { type: value.type }), value.name)
    }
    const encoded = new Response(form)
    return {
      content: Buffer.from(await encoded.arrayBuffer()),
      type: encoded.headers.get('content-type')!,
    }
  }
  return { content: Buffer.from(body.raw), type: body.contentType }
}

/**
 * One browser's worth of a visitor of the built app, over real HTTP: its
 * cookies (session, XSRF-TOKEN), the XSRF header on every form, and
 * Inertia's headers where the app's own client sends them. Hosts are the
 * site's (undersign.test, uk.undersign.test); every request goes to the
 * server on loopback with that Host header.
 */
export class Visitor {
  readonly cookies = new Map<string, string>()
  version = ''
  /** The page this visitor is on: a form's Referer, where "back" leads. */
  current = ''

  constructor(
    private server: { port: number; domain: string },
    public locale = 'en'
  ) {}

  host(locale = this.locale) {
    return locale === 'en' ? this.server.domain : `${locale}.${this.server.domain}`
  }

  /** An absolute URL (from a mail) or a path on the site this visitor is on. */
  private target(url: string) {
    const parsed = new URL(url, this.current || `https://${this.host()}`)
    return { host: parsed.host, path: `${parsed.pathname}${parsed.search}` }
  }

  private absolute(url: string) {
    const { host, path } = this.target(url)
    return `https://${host}${path}`
  }

  /** The id the session cookie carries (signed by the app, readable by anyone). */
  get sessionId(): string | null {
    const cookie = this.cookies.get('undersign-session')
    if (!cookie) return null
    const [payload] = decodeURIComponent(cookie).slice('s:'.length).split('.')
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).message
  }

  get xsrfToken() {
    const cookie = this.cookies.get('XSRF-TOKEN')
    return cookie ? decodeURIComponent(cookie) : ''
  }

  /**
   * As the app's client does before its first form: a page from a shared
   * cache carries no cookie, so the session and XSRF-TOKEN come from
   * GET /csrf-token.
   */
  async ensureXsrfToken() {
    if (!this.xsrfToken) await this.send('GET', '/csrf-token')
  }

  async send(
    method: string,
    url: string,
    options: {
      body?: Body
      headers?: Record<string, string>
      inertia?: boolean
      /** An attacker's request: no token fetched first. */
      withoutToken?: boolean
    } = {}
  ): Promise<Reply> {
    if (method !== 'GET' && method !== 'HEAD' && !options.withoutToken) await this.ensureXsrfToken()
    const { host, path } = this.target(url)
    const encoded = options.body ? await encode(options.body) : null
    const headers: Record<string, string> = {
      'host': host,
      'accept': 'text/html, application/xhtml+xml',
      'x-forwarded-proto': 'https',
      ...(this.cookies.size
        ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
        : {}),
      ...(method !== 'GET' ? { 'x-xsrf-token': this.xsrfToken } : {}),
      ...(options.inertia
        ? {
            'x-inertia': 'true',
            'x-inertia-version': this.version,
            'x-requested-with': 'XMLHttpRequest',
          }
        : {}),
      ...(encoded
        ? { 'content-type': encoded.type, 'content-length': String(encoded.content.length) }
        : {}),
      ...options.headers,
    }
    const request = { host: '127.0.0.1', port: this.server.port, method, path, headers }
    const reply = await exchange(request, encoded?.content).catch((error) =>
      // A kept-alive socket the server closed while it sat idle (the test runner's event loop
      // was busy, so the close went unnoticed): the request never arrived, so it is sent again.
      error.reusedSocket && error.code === 'ECONNRESET'
        ? exchange(request, encoded?.content)
        : Promise.reject(error)
    )
    this.keepCookies([reply.headers['set-cookie'] ?? []].flat())
    return reply
  }

  private keepCookies(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      const expired = attributes.some((attribute) => {
        const [key, setting] = attribute.trim().split('=')
        return (
          (key.toLowerCase() === 'max-age' && Number(setting) <= 0) ||
          (key.toLowerCase() === 'expires' && new Date(setting).getTime() < Date.now())
        )
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /**
   * A page loaded in full (typed into the address bar, or a link in a mail),
   * following redirects: the last reply and, when it is a page, its page object.
   */
  async open(url: string) {
    let next = url
    for (let hop = 0; hop < 5; hop++) {
      const reply = await this.send('GET', next)
      if (reply.location && reply.status >= 300 && reply.status < 400) {
        next = reply.location
        continue
      }
      const html = reply.headers['content-type']?.toString().includes('text/html')
      const page = html ? reply.page() : null
      if (page) this.version = page.version
      this.current = this.absolute(next)
      return { reply, page }
    }
    throw new Error(`too many redirects from ${url}`)
  }

  /** An Inertia visit (a click in the app), following redirects; the page it lands on. */
  async visit(url: string): Promise<InertiaPage> {
    let next = url
    for (let hop = 0; hop < 5; hop++) {
      const reply = await this.send('GET', next, { inertia: true })
      if (reply.status === 409) {
        // A new build: Inertia reloads the page in full, as a browser would.
        next = String(reply.headers['x-inertia-location'] ?? next)
        this.version = (await this.open(next)).page?.version ?? ''
        continue
      }
      if (reply.location && reply.status >= 300 && reply.status < 400) {
        next = reply.location
        continue
      }
      if (reply.status >= 300) throw new Error(`GET ${next} answered ${reply.status}`)
      const page = reply.page()
      this.version = page.version
      this.current = this.absolute(next)
      return page
    }
    throw new Error(`too many redirects from ${url}`)
  }

  /**
   * A form sent as the app's client sends it (Inertia, JSON or multipart,
   * XSRF header): the reply, and the page the redirect leads to.
   */
  async submit(method: string, url: string, body: Body, headers: Record<string, string> = {}) {
    const referer: Record<string, string> = this.current ? { referer: this.current } : {}
    const reply = await this.send(method, url, {
      body,
      inertia: true,
      headers: { ...referer, ...headers },
    })
    const landing =
      reply.location && reply.status >= 300 && reply.status < 400
        ? await this.visit(reply.location)
        : null
    return { reply, landing }
  }
}
