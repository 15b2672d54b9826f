import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { makeMember } from '#tests/helpers/auth'
import { bytesOf, readPdf } from '#tests/helpers/pdf'

const UKRAINIAN = 'uk.undersign.test'

/** A number as Ukrainian writes it ("10 000"), as the pages and the package do. */
const uk = (value: number) => new Intl.NumberFormat('uk').format(value)

/** The texts of every element with a test id, as the server rendered them. */
function textsOf(html: string, testId: string) {
  const pattern = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, 'g')
  return [...html.matchAll(pattern)].map((match) => match[1])
}

function ukrainian(client: ApiClient, path: string) {
  return client.get(path).header('host', UKRAINIAN)
}

/**
 * The petition of the report, tried in Ukrainian: opposition allowed, 50
 * supporters online and 180 on verified paper (230 supporters), 15 against
 * (245 people signed), a goal of 10,000, for Ukraine.
 */
async function petitionWithOppositionAndPaper() {
  return PetitionFactory.apply('published', 'withOpposition')
    .merge({
      title: 'Зелений сквер на Подолі',
      targetSignatures: 10_000,
      supportCount: 230,
      paperCount: 180,
      opposeCount: 15,
      country: 'UA',
      lang: 'uk',
    })
    .with('user')
    .create()
}

/** What the page says everywhere, in Ukrainian, for that petition. */
const GOAL = `Підтримали: ${uk(230)} з ${uk(10_000)}`
const SPLIT = `${uk(50)} онлайн + ${uk(180)} на папері = ${uk(230)}`
const OPPOSITION = `Проти: ${uk(15)}`
const SIGNED = `Підписали ${uk(245)} людей: ${uk(230)} — за, ${uk(15)} — проти`

test.group('Numbers that add up', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the page, the phone bar, cards, open data, the widget and the delivery package give the same numbers', async ({
    client,
    assert,
  }) => {
    const petition: Petition = await petitionWithOppositionAndPaper()

    // The page: the goal counts supporters, online + paper adds up to them,
    // opposition apart, in the header (phones) and the sign box (wide screens).
    const page = await ukrainian(client, `/petition/${petition.slug}`)
    page.assertStatus(200)
    const html = page.text()
    assert.deepEqual(textsOf(html, 'signature-count'), [GOAL])
    assert.deepEqual(textsOf(html, 'sign-box-count'), [GOAL])
    assert.deepEqual(textsOf(html, 'paper-split'), [SPLIT, SPLIT])
    assert.deepEqual(textsOf(html, 'opposition-count'), [OPPOSITION, OPPOSITION])
    // The phone bar: the people who signed, and how they split.
    assert.deepEqual(textsOf(html, 'sign-bar-count'), [SIGNED])
    assert.notInclude(html, uk(245) + ' з')

    // A signer's confirmed state: the same goal and what is still needed of it.
    const member = await makeMember()
    await SignatureFactory.merge({
      petitionId: petition.id,
      userId: member.id,
      email: member.email,
    }).create()
    const mine = (await ukrainian(client, `/petition/${petition.slug}`).loginAs(member)).text()
    assert.deepEqual(textsOf(mine, 'counted-total'), [GOAL])
    assert.deepEqual(textsOf(mine, 'still-needed'), [`До мети бракує ${uk(9_770)} підписів.`])

    // Cards, on the list and on the home page.
    const list = (await ukrainian(client, '/petitions')).text()
    assert.deepEqual(textsOf(list, 'card-signed'), [SIGNED])
    const home = (await ukrainian(client, '/')).text()
    assert.deepEqual(textsOf(home, 'card-signed'), [SIGNED])

    // Open data: the same numbers, and how they add up.
    const json = (await ukrainian(client, `/petition/${petition.slug}.json`)).body()
    assert.containSubset(json, {
      supportCount: 230,
      onlineSupportCount: 50,
      paperCount: 180,
      opposeCount: 15,
      totalSignatures: 245,
      targetSignatures: 10_000,
    })
    const [listed] = (await ukrainian(client, '/petitions.json')).body().data
    assert.containSubset(listed, {
      supportCount: 230,
      onlineSupportCount: 50,
      totalSignatures: 245,
    })

    // The widget other sites frame.
    const widget = (await ukrainian(client, `/petition/${petition.slug}/embed`)).text()
    assert.include(widget, `data-count="230">${GOAL}</p>`)
    assert.include(widget, `<p class="d">${SPLIT}</p>`)
    assert.include(widget, `<p class="d">${OPPOSITION}</p>`)

    // The delivery package, in Ukrainian.
    const delivery = await client
      .post(`/petition/${petition.guid}/delivery`)
      .form({ paperSize: 'a4', language: 'uk' })
      .withCsrfToken()
      .loginAs(petition.user)
      .redirects(0)
    delivery.assertStatus(200)
    const pdf = await readPdf(bytesOf(delivery))
    for (const line of [
      `Усього прихильників: ${uk(230)}`,
      `Підписано онлайн і підтверджено електронною поштою: ${uk(50)}`,
      `Підписано на папері й перевірено модераторами сайту: ${uk(180)}`,
      `Проти, онлайн: ${uk(15)}`,
      `Мета: ${uk(10_000)}`,
    ]) {
      // The PDF's words have plain spaces, the number's no-break one too.
      assert.include(pdf.words, line.replace(/\s+/g, ' '))
    }
  })
})
