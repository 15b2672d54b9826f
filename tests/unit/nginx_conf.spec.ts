import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import bodyParserConfig from '#config/bodyparser'
import { PRIVATE_COOKIES } from '#support/http/shared_cache'
import { CSRF_SECRET_COOKIE, XSRF_COOKIE } from '#support/http/csrf'
import { liveStreamsPerAddress } from '#config/rate_limits'
import { CHANNEL } from '#runtime/live/live_count_messages'
import { randomUUID } from 'node:crypto'

const conf = () => readFileSync(app.makePath('deploy', 'nginx.conf'), 'utf8')

test.group('deploy/nginx.conf agrees with the app', () => {
  test('it bypasses its cache for the cookies that make a page private', ({ assert }) => {
    const map = conf().match(/map \$http_cookie \$undersign_private_cookie \{([\s\S]*?)\}/)
    assert.exists(map, 'the cookie map')
    for (const name of PRIVATE_COOKIES) assert.include(map![1], name)
    // The CSRF cookies a returning guest holds say nothing personal: their pages come from the cache.
    for (const name of [CSRF_SECRET_COOKIE, XSRF_COOKIE]) assert.notInclude(map![1], name)
    assert.match(conf(), /proxy_cache_bypass \$undersign_private_cookie \$undersign_partial;/)
    assert.match(
      conf(),
      /proxy_no_cache \$undersign_private_cookie \$undersign_partial \$undersign_not_public;/
    )
  })

  test('it answers /health/ and /metrics only to this machine, never from its cache', ({
    assert,
  }) => {
    for (const location of ['location /health/', 'location = /metrics']) {
      const block = conf().match(new RegExp(`${location} \\{([^}]*)\\}`))
      assert.exists(block, location)
      const rules = [...block![1].matchAll(/^\s*(allow|deny) ([^;]+);/gm)].map(
        ([, rule, address]) => `${rule} ${address}`
      )
      assert.deepEqual(rules, ['allow 127.0.0.1', 'allow ::1', 'deny all'], location)
      assert.match(block![1], /proxy_cache off;/)
    }
    // A regular-expression location would win over those prefixes and could let them through.
    assert.notMatch(conf(), /^\s*location ~/m)
  })

  test('it takes uploads as large as the app does', ({ assert }) => {
    const size = conf().match(/client_max_body_size (\d+)m;/)
    assert.exists(size)
    const limit = string.bytes.parse(String(bodyParserConfig.multipart.limit))
    assert.equal(Number(size![1]) * 1024 * 1024, limit)
  })

  test('its placeholders are where the scripts that rewrite it look', ({ assert }) => {
    const text = conf()
    assert.lengthOf(text.match(/^\s*listen\s+[^;]+;/gm) ?? [], 2)
    assert.match(text, /^\s*listen\s+[^;]+;\s*# PLACEHOLDER listen$/m)
    assert.match(text, /^\s*listen\s+[^;]+;\s*# PLACEHOLDER publish$/m)
    assert.match(text, /^\s*upstream undersign \{\n(\s*server .*\n)+/m)
    for (const line of [
      /^pid /m,
      /^error_log /m,
      /^\s*access_log \S+ \w+;/m,
      /proxy_cache_path /,
    ]) {
      assert.match(text, line)
    }
  })

  test('it holds live-count streams of petition channels only, as many per address as the app', ({
    assert,
  }) => {
    const text = conf()
    const block = text.match(/location = \/__transmit\/events \{([\s\S]*?)\n {8}\}/)
    assert.exists(block, 'the streams location')
    assert.match(block![1], /nchan_subscriber eventsource;/)
    assert.match(
      block![1],
      new RegExp(`limit_conn undersign_live_streams ${liveStreamsPerAddress};`)
    )
    // The channel map accepts what the app's pages name, slash encoded or not, and nothing else.
    const map = text.match(/map \$arg_channel \$undersign_live_petition \{[\s\S]*?"~(.*)" \$guid;/)
    assert.exists(map, 'the channel map')
    const accepts = new RegExp(map![1])
    const guid = randomUUID()
    assert.isTrue(CHANNEL.test(`petitions/${guid}`))
    for (const channel of [`petitions/${guid}`, `petitions%2F${guid}`]) {
      assert.match(channel, accepts)
    }
    for (const channel of ['users/1', `petitions/${guid}/x`, `petitions/${guid.toUpperCase()}`]) {
      assert.notMatch(channel, accepts)
    }
    // Nodes publish on their own listener; visitors' server has no publisher.
    assert.notMatch(block![1], /nchan_publisher/)
    assert.match(
      text,
      /listen 127\.0\.0\.1:\d+; # PLACEHOLDER publish\n[\s\S]*nchan_publisher http;/
    )
  })
})
