import type { ApiRequest, ApiResponse } from '@japa/api-client'

/**
 * Cookies as a browser holds them, for tests that follow one browser
 * across requests (or hosts) with exactly the cookies it would send.
 */

export const setCookies = (response: ApiResponse) =>
  ([] as string[]).concat(response.header('set-cookie') ?? [])

/** The cookies an answer sets, as a browser then sends them (`name=value`), cleared ones left out. */
export function cookiesSetBy(response: ApiResponse) {
  return new Map(
    setCookies(response)
      .filter((line) => !/max-age=-1|expires=thu, 01 jan 1970/i.test(line))
      .map((line) => line.split(';')[0])
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])
  )
}

/** Whether the answer clears cookie `name`. */
export const clears = (response: ApiResponse, name: string) =>
  setCookies(response).some(
    (line) => line.startsWith(`${name}=;`) && /max-age=-1|expires=thu, 01 jan 1970/i.test(line)
  )

/** The request as a browser sends it with exactly these cookies (the test client adds a session's). */
export function withCookies(request: ApiRequest, cookies: Map<string, string> = new Map()) {
  return request.setup(() => {
    request.cookiesJar = {}
    if (cookies.size) {
      request.header('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
  })
}
