import { test } from '@japa/runner'
import { carriesCookie, withoutSetCookie } from '#support/http/cookie_header'

test.group('A cookie named in the raw Cookie header', () => {
  test('is found by its exact name, wherever it stands', ({ assert }) => {
    assert.isTrue(carriesCookie('adonis-session=abc', ['adonis-session']))
    assert.isTrue(carriesCookie('a=1; XSRF-TOKEN=e%3Axyz; b=2', ['XSRF-TOKEN']))
    assert.isTrue(carriesCookie('a=1;remember_web=x', ['signed', 'remember_web']))
  })

  test('a longer name, a value, a name without "=" or no header is not it', ({ assert }) => {
    assert.isFalse(carriesCookie('XSRF-TOKEN-old=1', ['XSRF-TOKEN']))
    assert.isFalse(carriesCookie('theme=XSRF-TOKEN', ['XSRF-TOKEN']))
    assert.isFalse(carriesCookie('XSRF-TOKEN', ['XSRF-TOKEN']))
    assert.isFalse(carriesCookie('=XSRF-TOKEN', ['XSRF-TOKEN']))
    assert.isFalse(carriesCookie('', ['XSRF-TOKEN']))
    assert.isFalse(carriesCookie(undefined, ['XSRF-TOKEN']))
  })
})

/** A response's headers, as Adonis's response keeps them. */
function responseWith(setCookie: string | string[] | undefined) {
  const headers: Record<string, unknown> =
    setCookie === undefined ? {} : { 'set-cookie': setCookie }
  return {
    headers,
    getHeader: (name: string) => headers[name],
    header: (name: string, value: string[]) => (headers[name] = value),
    removeHeader: (name: string) => delete headers[name],
  }
}

test.group('A Set-Cookie taken back', () => {
  test('only the lines of that cookie go; the others stay in order', ({ assert }) => {
    const response = responseWith([
      'XSRF-TOKEN=e%3Aabc; Path=/',
      'undersign-session=s%3Axyz; Path=/; HttpOnly',
      'signed_petitions=e%3A1; Path=/',
    ])
    withoutSetCookie(response, 'undersign-session')
    assert.deepEqual(response.headers['set-cookie'], [
      'XSRF-TOKEN=e%3Aabc; Path=/',
      'signed_petitions=e%3A1; Path=/',
    ])
  })

  test('the header goes when nothing is left; a longer name or no header is left alone', ({
    assert,
  }) => {
    const alone = responseWith('undersign-session=s%3Axyz; Path=/')
    withoutSetCookie(alone, 'undersign-session')
    assert.notProperty(alone.headers, 'set-cookie')

    const other = responseWith(['undersign-session-old=1; Path=/'])
    withoutSetCookie(other, 'undersign-session')
    assert.deepEqual(other.headers['set-cookie'], ['undersign-session-old=1; Path=/'])

    const none = responseWith(undefined)
    withoutSetCookie(none, 'undersign-session')
    assert.notProperty(none.headers, 'set-cookie')
  })
})
