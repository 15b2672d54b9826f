import { test } from '@japa/runner'
import { SimplePaginator } from '@adonisjs/lucid/database'
import { pageWindow, paginatorProps } from '#shared/pagination'

test.group('Pagination links', () => {
  test('few pages are all linked', ({ assert }) => {
    assert.deepEqual(pageWindow(1, 1), [1])
    assert.deepEqual(pageWindow(5, 12), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  test('many pages give a window with gaps', ({ assert }) => {
    assert.deepEqual(pageWindow(1, 20000), [1, 2, 3, 4, 5, 6, 7, 8, null, 19999, 20000])
    assert.deepEqual(pageWindow(10000, 20000), [
      1,
      2,
      null,
      9997,
      9998,
      9999,
      10000,
      10001,
      10002,
      10003,
      null,
      19999,
      20000,
    ])
    assert.deepEqual(pageWindow(20000, 20000), [
      1,
      2,
      null,
      19993,
      19994,
      19995,
      19996,
      19997,
      19998,
      19999,
      20000,
    ])
  })

  test('a million rows make a dozen links, the current one active', ({ assert }) => {
    const paginator = new SimplePaginator(1_000_000, 50, 20000, { id: 1 })
    paginator.baseUrl('/petition/x/signatures')
    const { links, total, path } = paginatorProps(paginator, (row) => row)
    assert.equal(total, 1_000_000)
    assert.equal(path, '/petition/x/signatures')
    assert.isAtMost(links.length, 15)
    assert.deepEqual(links.at(-1), { active: false, url: null, label: '&raquo;' })
    assert.deepEqual(
      links.filter((link) => link.active),
      [{ active: true, url: '/petition/x/signatures?page=20000', label: '20000' }]
    )
    assert.deepEqual(links.at(3), { active: false, url: null, label: '&hellip;' })
  })
})
