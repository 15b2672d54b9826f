import { test } from '@japa/runner'
import { carriesCookie } from '#support/http/cookie_header'

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
