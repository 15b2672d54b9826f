import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import limiter from '@adonisjs/limiter/services/main'
import { validate } from '@readme/openapi-parser'
import type { ApiClient } from '@japa/api-client'
import { PetitionFactory } from '#database/factories/petition_factory'
import type Petition from '#models/petition'
import User from '#models/user'
import { API_ABILITIES } from '#shared/api_access'
import { apiDocument, mergeAreas, type ApiDocument } from '#openapi/document'
import { isApiRoute } from '#openapi/api_routes'
import { emptiedAfterwards } from '#tests/helpers/database'
import { confirmationPath, sign, signatureRows } from '#tests/helpers/signatures'
import { settleLog } from '#tests/helpers/transparency_log'
import {
  mediaTypesOf,
  openApiPath,
  operationsOf,
  schemaValidators,
  type Operation,
} from '#tests/helpers/openapi'

const SITE = 'http://undersign.test'

async function servedDocument(client: ApiClient, host = 'undersign.test') {
  const response = await client.get('/api/openapi.json').header('host', host)
  response.assertStatus(200)
  return response.body() as ApiDocument
}

/** The router's API routes (by the rule of `isApiRoute`), one per method. */
function apiRoutes() {
  return Object.values(router.toJSON())
    .flat()
    .filter(isApiRoute)
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ key: `${method} ${openApiPath(route.pattern)}`, name: route.name }))
    )
}

test.group('The API contract: the document', () => {
  test('every API route of the router is documented, and every documented operation is a route', ({
    assert,
  }) => {
    const document = apiDocument(SITE)
    const routes = apiRoutes()
    const documented = operationsOf(document).filter(({ where }) => where.startsWith('paths '))
    const keys = documented.map(({ method, path }) => `${method.toUpperCase()} ${path}`)
    assert.deepEqual(keys.toSorted(), routes.map(({ key }) => key).toSorted())
    // The open data, feeds and log routes that exist today are all among them.
    assert.includeMembers(keys, [
      'GET /petitions.json',
      'GET /petition/{slug}.json',
      'GET /petitions/topics/{topic}.atom',
      'GET /log/commitments/{commitment}',
      'GET /petition/{slug}/log.json',
      'GET /api/openapi.json',
      'GET /api/docs',
    ])
    assert.notInclude(keys, 'GET /verify')
    assert.notInclude(keys, 'GET /petition/{slug}/embed')
    for (const route of routes) {
      const operation = documented.find(
        ({ method, path }) => `${method.toUpperCase()} ${path}` === route.key
      )
      assert.equal(operation?.operation.operationId, route.name, `${route.key}: its operationId`)
    }
  })

  test('every operation has a summary, typed parameters, and an answer with a schema and an example', ({
    assert,
  }) => {
    for (const entry of operationsOf(apiDocument(SITE))) {
      const { where, operation } = entry
      assert.isString(operation.summary, `${where}: summary`)
      for (const parameter of operation.parameters ?? []) {
        assert.isObject(parameter.schema, `${where}: parameter ${parameter.name} has a schema`)
      }
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        // Answers that have no body by definition, and a webhook receiver's answer, which
        // the site reads only for its status.
        if (status === '204' || status === '304' || where.startsWith('webhooks ')) continue
        const media = Object.values<any>(response.content ?? {})
        assert.isAbove(media.length, 0, `${where} ${status}: a body`)
        for (const content of media) {
          assert.isObject(content.schema, `${where} ${status}: a schema`)
          assert.isTrue(
            'example' in content || 'examples' in content,
            `${where} ${status}: example`
          )
        }
      }
    }
  })

  test('every example validates against its schema', ({ assert }) => {
    const document = apiDocument(SITE)
    const { validatorOf, errorsText } = schemaValidators(document)
    let checked = 0
    const check = (where: string, schema: unknown, example: unknown) => {
      const valid = validatorOf(schema)
      assert.isTrue(valid(example), `${where}: ${errorsText(valid.errors)}`)
      checked++
    }
    for (const entry of operationsOf(document)) {
      for (const parameter of entry.operation.parameters ?? []) {
        if ('example' in parameter)
          check(`${entry.where} ${parameter.name}`, parameter.schema, parameter.example)
      }
      for (const { where, content } of mediaTypesOf(entry)) {
        if ('example' in content) check(where, content.schema, content.example)
        for (const [name, example] of Object.entries<any>(content.examples ?? {})) {
          check(`${where} (${name})`, content.schema, example.value)
        }
      }
    }
    assert.isAbove(checked, 40)
  })

  test('the document is valid OpenAPI 3.1', async ({ assert }) => {
    const result = await validate(structuredClone(apiDocument(SITE)) as any)
    assert.isTrue(result.valid, JSON.stringify(result, null, 2))
    assert.equal(apiDocument(SITE).openapi, '3.1.0')
  })

  test('two areas describing the same path or schema are refused', ({ assert }) => {
    let areas = 0
    const area = (path: string, schema: string) => ({
      tags: [{ name: `Area ${++areas}`, description: '' }],
      paths: { [path]: {} },
      schemas: { [schema]: { type: 'string' } },
    })
    assert.doesNotThrow(() => mergeAreas([area('/a', 'A'), area('/b', 'B')]))
    assert.throws(() => mergeAreas([area('/a', 'A'), area('/a', 'B')]), /path "\/a" twice/)
    assert.throws(() => mergeAreas([area('/a', 'A'), area('/b', 'A')]), /schema "A" twice/)
    // A schema every area shares cannot be taken by one.
    assert.throws(() => mergeAreas([area('/a', 'Error')]), /schema "Error" twice/)
    const tagged = area('/c', 'C')
    assert.throws(() => mergeAreas([tagged, { ...area('/d', 'D'), tags: tagged.tags }]), /tag/)
  })
})

test.group('The API contract: served', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(() => limiter.clear())

  test('GET /api/openapi.json is the same for every language but its server, readable by any site, cached', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/openapi.json')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^application\/json/)
    assert.equal(response.header('access-control-allow-origin'), '*')
    assert.match(response.header('cache-control') ?? '', /public/)
    assert.isUndefined(response.header('set-cookie'))
    const english = response.body() as ApiDocument
    const german = await servedDocument(client, 'de.undersign.test')
    assert.deepEqual(
      english.servers.map(({ url }) => new URL(url).hostname),
      ['undersign.test']
    )
    assert.deepEqual(
      german.servers.map(({ url }) => new URL(url).hostname),
      ['de.undersign.test']
    )
    assert.deepEqual({ ...german, servers: [] }, { ...english, servers: [] })
    assert.equal(english.info.title, 'Undersign API')
    assert.match(english.info.version, /^\d+\.\d+\.\d+/)
    assert.deepEqual(english.components.securitySchemes.apiToken, {
      ...english.components.securitySchemes.apiToken,
      type: 'http',
      scheme: 'bearer',
    })
    const again = await client
      .get('/api/openapi.json')
      .header('if-none-match', response.header('etag')!)
    again.assertStatus(304)
  })

  test('GET /api/docs is a page of the site', async ({ client, assert }) => {
    const response = await client.get('/api/docs').header('host', 'de.undersign.test')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/html/)
    assert.include(response.text(), 'API und offene Daten')
    assert.include(response.text(), '/api/openapi.json')
  })

  test('live answers of open data, the log and the token API match their documented schemas', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ allowOpposite: true, country: 'DE', topics: ['environment'] })
      .with('user')
      .create()
    for (const [email, support] of [
      ['ada@example.org', true],
      ['bob@example.org', true],
      ['cyd@example.org', false],
    ] as const) {
      await signAndConfirm(client, petition, email, support)
    }
    await settleLog()
    const entries = (await client.get('/log/entries?start=0&end=0')).body()
    const commitment = JSON.parse(Buffer.from(entries[0].leaf, 'base64').toString('utf8'))
      .commitment as string
    const head = (await client.get('/log/sth')).body()
    assert.isAtLeast(head.treeSize, 3)

    // The token API answers its owner's token, as an organisation's tool would ask.
    const owner = await User.findOrFail(petition.userId)
    const token = await User.apiTokens.create(owner, [...API_ABILITIES], { name: 'contract' })
    const bearer = `Bearer ${token.value!.release()}`
    const needsToken = (url: string) =>
      url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/openapi')

    const document = await servedDocument(client)
    const { validatorOf, errorsText } = schemaValidators(document)
    const pathValues: Record<string, string> = {
      slug: petition.slug,
      guid: petition.guid,
      treeSize: String(head.treeSize),
      commitment,
      topic: 'environment',
      country: 'DE',
    }
    const queryValues: Record<string, number> = {
      start: 0,
      end: head.treeSize - 1,
      index: 0,
      treeSize: head.treeSize,
      first: 1,
      second: head.treeSize,
    }
    const gets = operationsOf(document).filter(
      ({ where, method }) => where.startsWith('paths ') && method === 'get'
    )
    for (const entry of gets) {
      const url = addressOf(entry, pathValues, queryValues)
      const request = client.get(url).header('accept', 'application/json, */*;q=0.1')
      if (needsToken(url)) request.header('authorization', bearer)
      const response = await request
      response.assertStatus(200)
      const contentType = (response.header('content-type') ?? '').split(';')[0]
      const documented = entry.operation.responses['200'].content
      assert.property(documented, contentType, `${url}: answered in a documented type`)
      if (contentType !== 'application/json' && !contentType.endsWith('+json')) continue
      const valid = validatorOf(documented[contentType].schema)
      assert.isTrue(valid(response.body()), `${url}: ${errorsText(valid.errors)}`)
    }

    // The petition's own answers hold what was seeded, not empty lists.
    const detail = (await client.get(`/petition/${petition.slug}.json`)).body()
    assert.equal(detail.totalSignatures, 3)
    assert.lengthOf((await client.get(`/petition/${petition.slug}/log.json`)).body().leaves, 3)
  })

  test('errors are answered as documented', async ({ client, assert }) => {
    const document = await servedDocument(client)
    const { validatorOf, errorsText } = schemaValidators(document)
    const refusals: Array<[string, string, number]> = [
      ['/petition/{slug}.json', '/petition/no-such-petition.json', 404],
      ['/petition/{slug}/history.json', '/petition/no-such-petition/history.json', 404],
      ['/log/sth', '/log/sth', 404],
      ['/log/sth/{treeSize}', '/log/sth/5', 404],
      ['/log/entries', '/log/entries?start=5&end=2', 400],
      ['/log/entries', '/log/entries?start=x', 400],
      ['/log/sths', '/log/sths?after=x', 400],
      ['/log/proof/inclusion', '/log/proof/inclusion?index=0&treeSize=9', 400],
      ['/log/proof/consistency', '/log/proof/consistency?first=1&second=9', 400],
      ['/petition/{slug}/log.json', '/petition/no-such-petition/log.json', 404],
    ]
    for (const [path, url, status] of refusals) {
      const response = await client.get(url).header('accept', 'application/json')
      response.assertStatus(status)
      const documented = document.paths[path as keyof typeof document.paths] as any
      const content = documented.get.responses[String(status)].content['application/json']
      const valid = validatorOf(content.schema)
      assert.isTrue(valid(response.body()), `${url}: ${errorsText(valid.errors)}`)
      // The documented 404 is the site's own, word for word (in English).
      if (status === 404) assert.deepEqual(response.body(), content.example)
    }
  })
})

/** The address of a documented GET: its path's parameters and its required query filled in. */
function addressOf(
  { path, operation }: Operation,
  pathValues: Record<string, string>,
  queryValues: Record<string, number>
) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in pathValues)) throw new Error(`no value for {${name}} of ${path}: add one`)
    return pathValues[name]
  })
  const query = new URLSearchParams()
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.required) continue
    query.set(parameter.name, String(queryValues[parameter.name]))
  }
  return query.size ? `${filled}?${query}` : filled
}

/** A guest signs and opens the mailed link: the signature counts once the log settles. */
async function signAndConfirm(
  client: ApiClient,
  petition: Petition,
  email: string,
  support: boolean
) {
  ;(await sign(client, petition, { email, support })).assertStatus(302)
  const row = (await signatureRows(petition)).find((candidate) => candidate.email === email)
  ;(await client.post(confirmationPath(row)).withCsrfToken().redirects(0)).assertStatus(302)
}
