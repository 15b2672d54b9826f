import { test } from '@japa/runner'
import redis from '@adonisjs/redis/services/main'
import { onRedis, sessionStored, shippedDb, visitor } from '#tests/shipped/support/shipped_app'
import { PASSWORD, createPetition, verifiedMember } from '#tests/shipped/support/journeys'

/** What a visit could add: stored sessions and rate-limit counters, in the database or Redis. */
async function storedState() {
  const count = async (table: string) => {
    const [row] = await shippedDb().from(table).count('* as total')
    return Number(row.total)
  }
  return {
    sessions: await count('sessions'),
    rateLimits: await count('rate_limits'),
    redisKeys: onRedis() ? await redis.dbsize() : 0,
  }
}

test.group('Shipped: guests who only read write nothing', () => {
  test('pages opened in full and by Inertia visits store no session and no counter', async ({
    assert,
  }) => {
    const owner = await verifiedMember('reads-owner@example.org')
    const { slug } = await createPetition(owner)
    const before = await storedState()

    const guest = visitor('de')
    for (const path of ['/', '/petitions', `/petition/${slug}`, '/faq', '/privacy-policy']) {
      const { reply } = await guest.open(path)
      assert.equal(reply.status, 200, path)
    }
    assert.equal((await guest.visit(`/petition/${slug}`)).component, 'Petition/Show')
    assert.equal((await guest.visit('/contacts')).component, 'Contacts/index')
    assert.deepEqual(await storedState(), before)
    // A reader is handed no CSRF token (nothing encrypted for nothing); the token the
    // client asks for before a form comes in the cookies too, still storing nothing.
    assert.isEmpty(guest.xsrfToken)
    await guest.ensureXsrfToken()
    assert.isNotEmpty(guest.xsrfToken)
    assert.deepEqual(await storedState(), before)
  })

  test('a guest form sent back with errors keeps them and its input without a session row', async ({
    assert,
  }) => {
    const guest = visitor('fr')
    await guest.open('/contacts')
    const { landing } = await guest.submit('POST', '/contacts', {
      json: { name: 'Camille', email: 'not-an-address', subject: 'Bonjour', message: 'Salut' },
    })
    assert.isString(landing?.props.errors.email)
    assert.isFalse(await sessionStored(guest.sessionId))

    // A long message flashed back is too big for a browser's cookie (4 KB): it
    // waits on the server until the page shows it, then the row goes.
    const long = 'Une phrase qui revient encore et encore. '.repeat(120)
    const again = await guest.submit('POST', '/contacts', {
      json: { name: 'Camille', email: 'still-not-an-address', subject: 'Bonjour', message: long },
    })
    for (const cookie of [again.reply.headers['set-cookie'] ?? []].flat()) {
      assert.isBelow(cookie.length, 4096)
    }
    assert.isString(again.landing?.props.errors.email)
    assert.isFalse(await sessionStored(guest.sessionId))
  })

  test('a member session is stored at login and removed at logout', async ({ assert }) => {
    await verifiedMember('reads-member@example.org')
    const member = visitor()
    await member.open('/login')
    assert.isFalse(await sessionStored(member.sessionId))
    const login = await member.submit('POST', '/login', {
      json: { email: 'reads-member@example.org', password: PASSWORD },
    })
    assert.equal(login.landing?.props.user?.email, 'reads-member@example.org')
    assert.isTrue(await sessionStored(member.sessionId))
    const loggedIn = member.sessionId
    await member.submit('POST', '/logout', { json: {} })
    assert.isFalse(await sessionStored(loggedIn))
    assert.isFalse(await sessionStored(member.sessionId))
    assert.isNull((await member.visit('/')).props.user)
  })
})
