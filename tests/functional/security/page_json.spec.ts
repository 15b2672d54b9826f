import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { embeddedPageJson, HOSTILE, makeHostilePetition } from '#tests/helpers/hostile_text'

test.group('Page props inside the server-rendered HTML', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a title, name or comment that ends a script or opens a comment stays inside the JSON', async ({
    client,
    assert,
  }) => {
    const petition = await makeHostilePetition()
    const response = await client.get(`/petition/${petition.slug}`)
    response.assertStatus(200)
    const html = response.text()

    const page = embeddedPageJson(html)
    assert.equal(page.component, 'Petition/Show')
    assert.equal(page.props.petition.title, HOSTILE.title)
    const [last] = page.props.lastSignatures
    assert.equal(last.comment, HOSTILE.comment)
    assert.include(JSON.stringify(page.props), HOSTILE.firstName)

    // Nothing the visitors wrote reaches the markup as markup.
    assert.notInclude(html, '<script>document.title')
    assert.notInclude(html, '<img src=x')
    assert.notInclude(html, '<!--<script>')
    assert.equal(html.match(/<script\b/g)?.length, html.match(/<\/script>/g)?.length)
  })
})
