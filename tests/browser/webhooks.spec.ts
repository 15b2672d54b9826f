import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import { Webhook } from 'standardwebhooks'
import i18nManager from '@adonisjs/i18n/services/main'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'

const uk = i18nManager.locale('uk')

type Received = { headers: IncomingHttpHeaders; body: string }

/** A receiver on the loopback that keeps what it is sent and answers 200. */
async function startReceiver() {
  const received: Received[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, received, close: () => new Promise<void>((done) => server.close(() => done())) }
}

test.group('Browser: webhooks', (group) => {
  browserJourneys(group)

  test('in Ukrainian: the owner makes a token, adds an endpoint by keyboard, keeps its secret, sends a test event and sees it delivered with 200 in the log; deletes another after confirming', async ({
    assert,
    client,
    cleanup,
  }) => {
    const receiver = await startReceiver()
    cleanup(() => receiver.close())
    const owner = await makeMember({ locale: 'uk' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Велодоріжка на Подолі', userId: owner.id, lang: 'uk' })
      .create()
    const spare = await WebhookEndpoint.create({
      petitionId: petition.id,
      url: `${receiver.url}/old`,
      events: ['petition.closed'],
      secret: 'whsec_c3BhcmUtc2VjcmV0LWZvci10ZXN0cw==',
      // Disabled by the sender after a day of failures: its state and dates show.
      failingSince: DateTime.utc().minus({ days: 1, hours: 1 }),
      disabledAt: DateTime.utc().minus({ hours: 1 }),
    })

    let token = ''
    await inBrowser('owner manages webhooks in Ukrainian', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'uk')
      // A token for the CRM, made on the account settings page, that may manage webhooks.
      await visit(page, siteUrl('/my/account', 'uk'))
      const tokens = page.getByTestId('account-api-tokens')
      await page.locator('#api-token-name').fill('CRM')
      await page.locator('#api-token-ability-webhooks_manage').check()
      await page.getByTestId('api-token-form').locator('button[type="submit"]').click()
      token = await tokens.getByTestId('new-api-token-value').inputValue()

      await visit(page, siteUrl('/my/petitions', 'uk'))
      await Promise.all([
        page.waitForURL(/\/webhooks$/),
        page.getByRole('link', { name: uk.t('webhooks.tools.link') }).click(),
      ])
      await page.getByRole('heading', { name: uk.t('webhooks.page.title'), level: 1 }).waitFor()

      // Sent without events: the error comes under them, in Ukrainian.
      const form = page.getByTestId('webhook-form')
      await form.getByLabel(uk.t('webhooks.form.url')).fill(`${receiver.url}/crm`)
      for (const box of await form.getByRole('checkbox').all()) await box.uncheck()
      await form.getByRole('button', { name: uk.t('webhooks.form.submit') }).click()
      await form.locator('[data-error-for="events"]', { hasText: 'Виберіть' }).waitFor()

      await form.getByLabel(uk.t('webhooks.events.signature.confirmed')).check()
      await form.getByLabel(uk.t('webhooks.events.signature.withdrawn')).check()
      // Sent by keyboard.
      await form.getByRole('button', { name: uk.t('webhooks.form.submit') }).focus()
      await page.keyboard.press('Enter')
      const secret = await page.getByTestId('webhook-secret-value').textContent()
      const added = await WebhookEndpoint.query().where('url', `${receiver.url}/crm`).firstOrFail()
      assert.equal(secret, added.secret)
      assert.deepEqual(added.events, ['signature.confirmed', 'signature.withdrawn'])
      assert.deepEqual(describeViolations('webhooks page', await seriousViolations(page)), [])

      // The other endpoint, disabled, goes once the dialog is confirmed.
      const old = page.getByTestId('webhook-endpoint').filter({ hasText: `${receiver.url}/old` })
      await old.getByRole('button', { name: uk.t('webhooks.endpoints.enable') }).waitFor()
      await old.getByRole('button', { name: uk.t('webhooks.endpoints.delete') }).click()
      await page.getByRole('dialog').getByText(uk.t('webhooks.endpoints.delete_title')).waitFor()
      await page
        .getByRole('button', { name: uk.t('webhooks.endpoints.delete'), exact: true })
        .last()
        .click()
      await old.waitFor({ state: 'detached' })

      const endpoint = page
        .getByTestId('webhook-endpoint')
        .filter({ hasText: `${receiver.url}/crm` })
      await endpoint.getByRole('button', { name: uk.t('webhooks.endpoints.test') }).click()
      await page
        .locator('.Toastify__toast--success', { hasText: uk.t('webhooks.flash.test_queued') })
        .waitFor()
      const delivery = page.getByTestId('webhook-delivery')
      await delivery
        .getByTestId('webhook-delivery-event')
        .filter({ hasText: uk.t('webhooks.events.webhook.test') })
        .waitFor()
      await delivery
        .getByTestId('webhook-delivery-status')
        .filter({ hasText: uk.t('webhooks.log.status.delivered') })
        .waitFor()
      assert.equal(await delivery.getByTestId('webhook-attempt-status').textContent(), '200')
      // The receiver got it signed with the secret the page showed.
      const [message] = receiver.received
      assert.doesNotThrow(() => new Webhook(secret!).verify(message.body, message.headers as any))
      assert.equal(JSON.parse(message.body).type, 'webhook.test')
      // The secret was shown once: the page after the test event no longer has it.
      assert.equal(await page.getByTestId('webhook-secret').count(), 0)
      assert.deepEqual(describeViolations('delivery log', await seriousViolations(page)), [])
    })

    // The token made on the way lists the endpoint the page added, without its secret.
    const listed = await client
      .get(`/api/v1/petitions/${petition.guid}/webhooks`)
      .header('host', 'uk.undersign.test')
      .header('authorization', `Bearer ${token}`)
    listed.assertStatus(200)
    const { data } = listed.body() as { data: { url: string; secret?: string }[] }
    assert.deepEqual(
      data.map(({ url, secret }) => ({ url, secret })),
      [{ url: `${receiver.url}/crm`, secret: undefined }]
    )
    assert.isNull(await WebhookEndpoint.find(spare.id))
    const [testDelivery] = await WebhookDelivery.query().where(
      'endpoint_id',
      (await WebhookEndpoint.firstOrFail()).id
    )
    assert.equal(testDelivery.event, 'webhook.test')
  })
})
