import { test } from '@japa/runner'
import { ProcessCache } from '#runtime/caches/process_cache'

type Row = { id: number; title: string }

/** Copies kept `ttl` ms (an expired one answering while it reloads), and a loader that counts its loads. */
function copiesOf(ttl: number, { staleWhileReloading = true } = {}) {
  const copies = new ProcessCache<Row | null>({
    name: 'rows',
    life: () => ttl,
    forgottenBy: 'petition',
    petitionIdOf: (row) => row?.id ?? null,
    staleWhileReloading,
  })
  let loads = 0
  const load = (row: Row | null) => () => {
    loads++
    return Promise.resolve(row)
  }
  return { copies, load, loads: () => loads }
}

/** A loader whose loads wait until `finish` gives them their row; `calls` counts them. */
function heldLoad() {
  let finish: (row: Row) => void = () => {}
  let calls = 0
  const load = () => {
    calls++
    return new Promise<Row>((resolve) => (finish = resolve))
  }
  return { load, finish: (row: Row) => finish(row), calls: () => calls }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

test.group('Process cache', () => {
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
    await sleep(20)
    await copies.get('parks', load({ id: 7, title: 'Parks' }))
    assert.equal(loads(), 2)
  })

  test('a copy just expired answers at once while one caller reloads it; then the new one answers', async ({
    assert,
  }) => {
    const { copies, loads } = copiesOf(300)
    await copies.get('parks', () => Promise.resolve({ id: 7, title: 'Old' }))
    await sleep(350)
    const reload = heldLoad()
    // Both callers get the old copy without waiting; one reload runs for both.
    const [first, second] = await Promise.all([
      copies.get('parks', reload.load),
      copies.get('parks', reload.load),
    ])
    assert.deepEqual([first?.title, second?.title], ['Old', 'Old'])
    assert.equal(reload.calls(), 1)
    reload.finish({ id: 7, title: 'New' })
    await nextTurn()
    assert.equal((await copies.get('parks', reload.load))?.title, 'New')
    assert.equal(reload.calls() + loads(), 1)
  })

  test('a copy forgotten while it reloads waits for a fresh load; a failed reload drops the copy', async ({
    assert,
  }) => {
    const { copies, load } = copiesOf(300)
    await copies.get('parks', load({ id: 7, title: 'Old' }))
    await sleep(350)
    const reload = heldLoad()
    assert.equal((await copies.get('parks', reload.load))?.title, 'Old')
    copies.forget([7])
    assert.equal((await copies.get('parks', load({ id: 7, title: 'Changed' })))?.title, 'Changed')
    // The reload that started before the change does not bring its older copy back.
    reload.finish({ id: 7, title: 'Before the change' })
    await nextTurn()
    assert.equal((await copies.get('parks', load({ id: 7, title: 'Later' })))?.title, 'Changed')

    await copies.get('trees', load({ id: 8, title: 'Trees' }))
    await sleep(350)
    const failing = () => Promise.reject(new Error('down'))
    assert.equal((await copies.get('trees', failing))?.title, 'Trees')
    await nextTurn()
    await assert.rejects(() => copies.get('trees', failing), 'down')
  })

  test('a copy expired longer than its time ago is loaded before anyone is answered', async ({
    assert,
  }) => {
    const { copies, load } = copiesOf(20)
    await copies.get('parks', load({ id: 7, title: 'Old' }))
    await sleep(60)
    assert.equal((await copies.get('parks', load({ id: 7, title: 'New' })))?.title, 'New')
  })

  test('without stale copies, an expired copy is loaded before anyone is answered', async ({
    assert,
  }) => {
    const { copies, load } = copiesOf(300, { staleWhileReloading: false })
    await copies.get('parks', load({ id: 7, title: 'Old' }))
    await sleep(350)
    assert.equal((await copies.get('parks', load({ id: 7, title: 'New' })))?.title, 'New')
  })

  test('a load begun before the copies were cleared is not kept', async ({ assert }) => {
    const { copies, load } = copiesOf(60_000, { staleWhileReloading: false })
    const before = heldLoad()
    const loading = copies.get('rules', before.load)
    copies.clear()
    assert.equal((await copies.get('rules', load({ id: 1, title: 'After' })))?.title, 'After')
    before.finish({ id: 1, title: 'Before' })
    assert.equal((await loading)?.title, 'Before')
    assert.equal((await copies.get('rules', load({ id: 1, title: 'Later' })))?.title, 'After')
  })

  test('a copy kept for ever stays until the bound pushes the oldest out', async ({ assert }) => {
    const copies = new ProcessCache<string>({
      name: 'drawings',
      life: Number.POSITIVE_INFINITY,
      forgottenBy: 'nothing',
      bound: 2,
    })
    let draws = 0
    const draw = (text: string) => () => Promise.resolve(`${text}${++draws}`)
    assert.equal(await copies.get('a', draw('a')), 'a1')
    assert.equal(await copies.get('a', draw('a')), 'a1')
    await copies.get('b', draw('b'))
    await copies.get('c', draw('c'))
    assert.equal(await copies.get('b', draw('b')), 'b2')
    assert.equal(await copies.get('a', draw('a')), 'a4')
  })

  test('copies age by the clock they are given', async ({ assert }) => {
    let now = 1_000
    const copies = new ProcessCache<number>({
      name: 'counts',
      life: 60_000,
      forgottenBy: 'nothing',
      now: () => now,
    })
    let loads = 0
    const load = () => Promise.resolve(++loads)
    await copies.get('count', load)
    now += 59_000
    assert.equal(await copies.get('count', load), 1)
    now += 2_000
    assert.equal(await copies.get('count', load), 2)
  })
})
