import { test } from '@japa/runner'
import { busyShareBetween, idleCoresGate } from '#runtime/webhooks/idle_cores'

/** A clock that moves only when the gate pauses, and the pauses it was asked for. */
function fakeTime() {
  let now = 0
  const pauses: number[] = []
  return {
    now: () => now,
    pause: async (milliseconds: number) => {
      pauses.push(milliseconds)
      now += milliseconds
    },
    pauses,
  }
}

test.group('Idle cores (when the webhook worker sends)', () => {
  test('niced time counts as idle: the share is what un-niced processes used', ({ assert }) => {
    assert.equal(busyShareBetween({ busy: 100, total: 1000 }, { busy: 900, total: 2000 }), 0.8)
    assert.equal(busyShareBetween({ busy: 100, total: 1000 }, { busy: 100, total: 1000 }), 0)
  })

  test('a round goes at once while the cores are idle', async ({ assert }) => {
    const time = fakeTime()
    await idleCoresGate({ share: () => 0.2, ...time })()
    assert.deepEqual(time.pauses, [])
  })

  test('a round waits while the site keeps the cores busy, and goes once they are idle', async ({
    assert,
  }) => {
    const time = fakeTime()
    const shares = [0.95, 0.9, 0.8, 0.3]
    await idleCoresGate({ share: () => shares[Math.min(time.pauses.length, 3)], ...time })()
    assert.lengthOf(time.pauses, 3)
  })

  test('a machine busy for good still sends: a round waits at most 30 s', async ({ assert }) => {
    const time = fakeTime()
    await idleCoresGate({ share: () => 1, ...time })()
    assert.equal(time.now(), 30_000)
  })

  test('while the cores stay busy, the queued rounds go one every 30 s, not all at once', async ({
    assert,
  }) => {
    const time = fakeTime()
    const gate = idleCoresGate({ share: () => 1, ...time })
    const passedAt: number[] = []
    await Promise.all([1, 2, 3].map(() => gate().then(() => passedAt.push(time.now()))))
    assert.deepEqual(passedAt, [30_000, 60_000, 90_000])
  })
})
