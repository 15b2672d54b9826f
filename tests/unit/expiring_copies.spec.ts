import { test } from '@japa/runner'
import { ExpiringCopies } from '#support/expiring_copies'

type Row = { id: number; title: string }

/** Copies kept `ttl` ms, and a loader that counts its loads. */
function copiesOf(ttl: number) {
  const copies = new ExpiringCopies<Row | null>(
    () => ttl,
    (row) => row?.id ?? null
  )
  let loads = 0
  const load = (row: Row | null) => () => {
    loads++
    return Promise.resolve(row)
  }
  return { copies, load, loads: () => loads }
}

test.group('Expiring copies', () => {
  test('callers within the time share one load, however many at once', async ({ assert }) => {
    const { copies, load, loads } = copiesOf(60_000)
    const row = { id: 7, title: 'Parks' }
    const [a, b] = await Promise.all([
      copies.get('parks', load(row)),
      copies.get('parks', load(row)),
    ])
    assert.strictEqual(a, b)
    await copies.get('parks', load(row))
    assert.equal(loads(), 1)
  })

  test('a change forgets the copy by its id; another key keeps its own', async ({ assert }) => {
    const { copies, load, loads } = copiesOf(60_000)
    await copies.get('parks', load({ id: 7, title: 'Parks' }))
    await copies.get('trees', load({ id: 8, title: 'Trees' }))
    copies.forget([7])
    assert.equal(
      (await copies.get('parks', load({ id: 7, title: 'Parks again' })))?.title,
      'Parks again'
    )
    assert.equal((await copies.get('trees', load({ id: 8, title: 'Trees again' })))?.title, 'Trees')
    assert.equal(loads(), 3)
  })

  test('no reuse loads afresh and keeps the new copy', async ({ assert }) => {
    const { copies, load } = copiesOf(60_000)
    await copies.get('parks', load({ id: 7, title: 'Old' }))
    const fresh = await copies.get('parks', load({ id: 7, title: 'New' }), { reuse: false })
    assert.equal(fresh?.title, 'New')
    assert.equal((await copies.get('parks', load({ id: 7, title: 'Newer' })))?.title, 'New')
  })

  test('a failed load is not kept, and a time of 0 keeps nothing', async ({ assert }) => {
    const { copies, load } = copiesOf(60_000)
    await assert.rejects(() => copies.get('parks', () => Promise.reject(new Error('down'))), 'down')
    assert.equal((await copies.get('parks', load({ id: 7, title: 'Back' })))?.title, 'Back')

    const none = copiesOf(0)
    await none.copies.get('parks', none.load({ id: 7, title: 'A' }))
    await none.copies.get('parks', none.load({ id: 7, title: 'B' }))
    assert.equal(none.loads(), 2)
  })

  test('an expired copy is loaded again', async ({ assert }) => {
    const { copies, load, loads } = copiesOf(5)
    await copies.get('parks', load({ id: 7, title: 'Parks' }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    await copies.get('parks', load({ id: 7, title: 'Parks' }))
    assert.equal(loads(), 2)
  })

  test('a copy just expired answers at once while one caller reloads it; then the new one answers', async ({
    assert,
  }) => {
    const { copies, loads } = copiesOf(300)
    await copies.get('parks', () => Promise.resolve({ id: 7, title: 'Old' }))
    await new Promise((resolve) => setTimeout(resolve, 350))
    let finishReload: (row: Row) => void = () => {}
    let reloads = 0
    const slowReload = () => {
      reloads++
      return new Promise<Row>((resolve) => (finishReload = resolve))
    }
    // Both callers get the old copy without waiting; one reload runs for both.
    const [first, second] = await Promise.all([
      copies.get('parks', slowReload),
      copies.get('parks', slowReload),
    ])
    assert.deepEqual([first?.title, second?.title], ['Old', 'Old'])
    assert.equal(reloads, 1)
    finishReload({ id: 7, title: 'New' })
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal((await copies.get('parks', slowReload))?.title, 'New')
    assert.equal(reloads + loads(), 1)
  })

  test('a copy forgotten while it reloads waits for a fresh load; a failed reload drops the copy', async ({
    assert,
  }) => {
    const { copies, load } = copiesOf(300)
    await copies.get('parks', load({ id: 7, title: 'Old' }))
    await new Promise((resolve) => setTimeout(resolve, 350))
    let finishReload: (row: Row) => void = () => {}
    const reload = () => new Promise<Row>((resolve) => (finishReload = resolve))
    assert.equal((await copies.get('parks', reload))?.title, 'Old')
    copies.forget([7])
    assert.equal((await copies.get('parks', load({ id: 7, title: 'Changed' })))?.title, 'Changed')
    // The reload that started before the change does not bring its older copy back.
    finishReload({ id: 7, title: 'Before the change' })
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal((await copies.get('parks', load({ id: 7, title: 'Later' })))?.title, 'Changed')

    await copies.get('trees', load({ id: 8, title: 'Trees' }))
    await new Promise((resolve) => setTimeout(resolve, 350))
    const failing = () => Promise.reject(new Error('down'))
    assert.equal((await copies.get('trees', failing))?.title, 'Trees')
    await new Promise((resolve) => setImmediate(resolve))
    await assert.rejects(() => copies.get('trees', failing), 'down')
  })

  test('a copy expired longer than its time ago is loaded before anyone is answered', async ({
    assert,
  }) => {
    const { copies, load } = copiesOf(20)
    await copies.get('parks', load({ id: 7, title: 'Old' }))
    await new Promise((resolve) => setTimeout(resolve, 60))
    assert.equal((await copies.get('parks', load({ id: 7, title: 'New' })))?.title, 'New')
  })
})
