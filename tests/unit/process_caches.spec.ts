import { test } from '@japa/runner'
import env from '#start/env'
import type Petition from '#models/petition'
import type { PageData } from '#services/petitions/page_data'
import {
  forgetAllCachedCopies,
  forgetCachedCopies,
  petitionPages,
  petitionsToSign,
  qrCodes,
  signaturesTotal,
  signingRules,
} from '#runtime/caches/process_caches'
import type { RulesSnapshot } from '#shared/fraud/signing_rules'

/** Whether `cache` answers `key` from its copy; otherwise it loads (and keeps) `fresh`. */
async function kept<T>(
  cache: { get(key: string, load: () => Promise<T>): Promise<T> },
  key: string,
  fresh: T
) {
  let loaded = false
  await cache.get(key, async () => {
    loaded = true
    return fresh
  })
  return !loaded
}

const page = (id: number) => ({ petition: { id } }) as unknown as PageData
const petition = (id: number) => ({ id }) as unknown as Petition
const rules = {} as RulesSnapshot

test.group('Process caches: what forgets each', (group) => {
  group.each.setup(() => {
    const before = env.get('PETITION_PAGE_CACHE_MS')
    env.set('PETITION_PAGE_CACHE_MS', 60_000)
    forgetAllCachedCopies()
    return () => {
      env.set('PETITION_PAGE_CACHE_MS', before ?? 0)
      forgetAllCachedCopies()
    }
  })

  /** Copies of petition 7 and of the counts, the rules and a QR code. */
  async function keepSome() {
    await petitionPages.get('parks', async () => page(7))
    await petitionsToSign.get('guid-7', async () => petition(7))
    await signaturesTotal.get('total', async () => 12)
    await signingRules.get('rules', async () => rules)
    await qrCodes.get('https://example.org', async () => '<svg/>')
  }

  test("a petition's change forgets its page and the copy signing reads", async ({ assert }) => {
    await keepSome()
    forgetCachedCopies({ petitionIds: [7], countsMoved: false })
    assert.isFalse(await kept(petitionPages, 'parks', page(7)))
    assert.isFalse(await kept(petitionsToSign, 'guid-7', petition(7)))
    assert.isTrue(await kept(signaturesTotal, 'total', 12))
    assert.isTrue(await kept(signingRules, 'rules', rules))
  })

  test('a change of signatures or counts only leaves the copy signing reads; moved counts go', async ({
    assert,
  }) => {
    await keepSome()
    forgetCachedCopies({ petitionIds: [7], countsMoved: true, signingUnchanged: true })
    assert.isFalse(await kept(petitionPages, 'parks', page(7)))
    assert.isTrue(await kept(petitionsToSign, 'guid-7', petition(7)))
    assert.isFalse(await kept(signaturesTotal, 'total', 12))
    assert.isTrue(await kept(signingRules, 'rules', rules))
  })

  test('after missed changes every copy a change forgets goes; a QR code stays', async ({
    assert,
  }) => {
    await keepSome()
    forgetAllCachedCopies()
    assert.isFalse(await kept(petitionPages, 'parks', page(7)))
    assert.isFalse(await kept(petitionsToSign, 'guid-7', petition(7)))
    assert.isFalse(await kept(signaturesTotal, 'total', 12))
    assert.isFalse(await kept(signingRules, 'rules', rules))
    assert.isTrue(await kept(qrCodes, 'https://example.org', '<svg/>'))
  })
})
