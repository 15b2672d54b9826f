import { test } from '@japa/runner'
import type { SessionData } from '@adonisjs/session/types'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import {
  GuestsInCookieStore,
  MAX_COOKIE_SESSION_BYTES,
  guestsInCookie,
} from '#runtime/sessions/guests_in_cookie_store'

/** A store that keeps values in a map and writes down every call that changes it. */
class RecordingStore {
  values = new Map<string, SessionData>()
  writes: string[] = []
  reads = 0
  read(id: string) {
    this.reads++
    return this.values.get(id) ?? null
  }
  write(id: string, values: SessionData) {
    this.writes.push(`write ${id}`)
    this.values.set(id, values)
  }
  destroy(id: string) {
    this.writes.push(`destroy ${id}`)
    this.values.delete(id)
  }
  touch(id: string) {
    this.writes.push(`touch ${id}`)
  }
  tag(id: string, userId: string | number) {
    this.writes.push(`tag ${id} ${userId}`)
  }
  untag() {}
  tagged() {
    return []
  }
}

/** One request's store over the same browser cookie jar and server. */
function storesFor(cookie: RecordingStore, server: RecordingStore) {
  return new GuestsInCookieStore(cookie, server)
}

test.group('Session store: guests in the cookie, members on the server', () => {
  test('a first visit, without a session id, asks the server for nothing', async ({ assert }) => {
    const server = new RecordingStore()
    server.values.set('s1', { auth_web: 7 })
    const firstVisit = new GuestsInCookieStore(new RecordingStore(), server, false)
    assert.isNull(await firstVisit.read('s1'))
    assert.equal(server.reads, 0)
    const returning = new GuestsInCookieStore(new RecordingStore(), server, true)
    assert.equal((await returning.read('s1'))?.auth_web, 7)
    assert.equal(server.reads, 1)
  })

  test('a guest session stays in the cookie, never touches the server, and is not re-encrypted to be touched', async ({
    assert,
  }) => {
    const cookie = new RecordingStore()
    const server = new RecordingStore()
    const first = storesFor(cookie, server)
    assert.isNull(await first.read('s1'))
    await first.write('s1', { 'csrf-secret': 'abc' })
    const second = storesFor(cookie, server)
    assert.deepEqual(await second.read('s1'), { 'csrf-secret': 'abc' })
    await second.touch('s1')
    assert.deepEqual(server.writes, [])
    assert.deepEqual(cookie.writes, ['write s1'])
  })

  test('a session that logs in moves to the server and leaves the cookie', async ({ assert }) => {
    const cookie = new RecordingStore()
    const server = new RecordingStore()
    await storesFor(cookie, server).write('s1', { 'csrf-secret': 'abc' })
    const login = storesFor(cookie, server)
    await login.read('s1')
    await login.write('s1', { 'csrf-secret': 'abc', 'auth_web': 7 })
    assert.deepEqual(server.values.get('s1'), { 'csrf-secret': 'abc', 'auth_web': 7 })
    assert.isFalse(cookie.values.has('s1'))

    const later = storesFor(cookie, server)
    assert.equal((await later.read('s1'))?.auth_web, 7)
    await later.touch('s1')
    assert.deepEqual(server.writes.slice(-1), ['touch s1'])
  })

  test('a tagged session is a member session even before its values say so', async ({ assert }) => {
    const cookie = new RecordingStore()
    const server = new RecordingStore()
    const store = storesFor(cookie, server)
    await store.tag('s1', 7)
    await store.write('s1', { 'csrf-secret': 'abc' })
    assert.isTrue(server.values.has('s1'))
    assert.isFalse(cookie.values.has('s1'))
  })

  test('logging out keeps the id in the cookie and removes the stored row', async ({ assert }) => {
    const cookie = new RecordingStore()
    const server = new RecordingStore()
    server.values.set('s1', { 'csrf-secret': 'abc', 'auth_web': 7 })
    const logout = storesFor(cookie, server)
    await logout.read('s1')
    await logout.write('s1', { 'csrf-secret': 'abc' })
    assert.isFalse(server.values.has('s1'))
    assert.deepEqual(cookie.values.get('s1'), { 'csrf-secret': 'abc' })
  })

  test('a guest session too big for a cookie waits on the server', async ({ assert }) => {
    const cookie = new RecordingStore()
    const server = new RecordingStore()
    const big = {
      'csrf-secret': 'abc',
      '__flash__': { message: 'x'.repeat(MAX_COOKIE_SESSION_BYTES) },
    }
    const failedForm = storesFor(cookie, server)
    await failedForm.read('s1')
    await failedForm.write('s1', big)
    assert.isTrue(server.values.has('s1'))

    // The next page shows the messages; what is left fits the cookie again.
    const shown = storesFor(cookie, server)
    assert.deepEqual(await shown.read('s1'), big)
    await shown.write('s1', { 'csrf-secret': 'abc' })
    assert.isFalse(server.values.has('s1'))
    assert.isTrue(cookie.values.has('s1'))
  })

  test('destroying a guest session clears only the cookie', async ({ assert }) => {
    const cookie = new RecordingStore()
    const server = new RecordingStore()
    cookie.values.set('s1', { 'csrf-secret': 'abc' })
    const store = storesFor(cookie, server)
    await store.read('s1')
    await store.destroy('s1')
    assert.deepEqual(server.writes, [])
    assert.isFalse(cookie.values.has('s1'))
  })

  test('a server store that does not answer: the visitor is served as a guest, and a member finds their session again once it answers', async ({
    assert,
  }) => {
    const cookie = new RecordingStore()
    const server = new RecordingStore()
    server.values.set('s1', { auth_web: 7 })
    const away = { value: true }
    const read = server.read.bind(server)
    server.read = (id: string) => {
      if (away.value)
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
      return read(id)
    }

    // Redis away: a guest's pages and forms go on from the cookie; nothing on the server changes.
    const during = storesFor(cookie, server)
    assert.isNull(await during.read('s1'))
    await during.write('s1', { 'csrf-secret': 'abc' })
    const next = storesFor(cookie, server)
    assert.deepEqual(await next.read('s1'), { 'csrf-secret': 'abc' })
    await next.destroy('s1')
    assert.deepEqual(server.writes, [])
    const again = storesFor(cookie, server)
    await again.read('s1')
    await again.write('s1', { 'csrf-secret': 'abc' })

    // Back: the session on the server wins over what the cookie held meanwhile.
    away.value = false
    const back = storesFor(cookie, server)
    assert.deepEqual(await back.read('s1'), { auth_web: 7 })
    await back.write('s1', { auth_web: 7 })
    assert.isFalse(cookie.values.has('s1'))

    // A guest's session kept through the outage is theirs again, unmarked.
    const guestCookie = new RecordingStore()
    guestCookie.values.set('g1', { 'csrf-secret': 'xyz', '__unchecked': true })
    const guest = storesFor(guestCookie, new RecordingStore())
    assert.deepEqual(await guest.read('g1'), { 'csrf-secret': 'xyz' })
    await guest.write('g1', { 'csrf-secret': 'xyz' })
    assert.deepEqual(guestCookie.values.get('g1'), { 'csrf-secret': 'xyz' })
  })

  test('a server store failing for another reason is not taken for a guest', async ({ assert }) => {
    const server = new RecordingStore()
    server.read = () => {
      throw new Error('the session data is corrupt')
    }
    await assert.rejects(() => storesFor(new RecordingStore(), server).read('s1'), /corrupt/)
  })

  test('without a request, a member’s sessions are listed and ended in the server store', async ({
    assert,
  }) => {
    const server = new RecordingStore()
    const factory = await guestsInCookie(configProvider.create(async () => () => server)).resolver(
      app
    )
    assert.strictEqual(factory(null as any, {} as any), server)
  })
})
