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
})
