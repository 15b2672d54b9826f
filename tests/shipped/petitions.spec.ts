import { test } from '@japa/runner'
import sharp from 'sharp'
import { linkIn } from '#tests/shipped/support/mailbox'
import {
  onBucket,
  pictureAt,
  shippedApp,
  sourceReads,
  visitor,
} from '#tests/shipped/support/shipped_app'
import { UPLOAD_CACHE_CONTROL } from '#support/uploads'
import { readPdf, unzip } from '#tests/helpers/pdf'
import {
  createPetition,
  eventually,
  uploadPicture,
  verifiedMember,
} from '#tests/shipped/support/journeys'

const OWNER = 'hanna@example.org'
const SIGNER = 'jonas@example.de'

test.group('Shipped: petitions and signatures', () => {
  test('create a petition with an uploaded banner and photo; a guest signs and confirms; the owner manages and exports', async ({
    assert,
  }) => {
    const { mailbox } = shippedApp()
    const owner = await verifiedMember(OWNER, 'en', 'Hanna')

    // The create form, its uploads, and the save.
    let banner = { id: 0, url: '', driver: '' }
    let photo = { id: 0, url: '' }
    const { form, guid, saved, slug } = await createPetition(owner, async (formGuid) => {
      banner = await uploadPicture(owner, formGuid, 'banner')
      photo = await uploadPicture(owner, formGuid, 'photo')
      return {
        title: 'Safe crossings on Elm Street',
        target: 'Riverside City Council',
        description: '<p>Children cross <strong>four lanes</strong> to reach school.</p>',
        banner: { id: banner.id, driver: banner.driver, url: banner.url },
        photos: [{ id: photo.id }],
        letters: [
          { payload: 'Dear council,\nplease build a crossing.', recipients: [{ name: 'Mayor' }] },
        ],
      }
    })
    assert.equal(form.component, 'Petition/Create')
    // Creating publishes it: the save lands on the live page, with its first-share panel.
    assert.equal(saved.landing?.component, 'Petition/Show')
    assert.isTrue(saved.landing?.props.justPublished)
    assert.isString(saved.landing?.props.alerts.success)
    assert.equal(slug, 'safe-crossings-on-elm-street')

    // The pictures are served re-encoded from the uploads folder, or from the
    // bucket through a cacheable redirect, public and cached for a year.
    for (const url of [banner.url, photo.url]) {
      const picture = await pictureAt(url)
      assert.equal(picture.status, 200, url)
      assert.equal((await sharp(picture.body).metadata()).format, 'jpeg')
      if (onBucket()) {
        assert.equal(picture.reply.status, 302)
        assert.match(String(picture.reply.headers['cache-control']), /^public, max-age=\d+$/)
        // Cacheable by a shared cache: no cookie rides on it.
        assert.notProperty(picture.reply.headers, 'set-cookie')
        assert.equal(picture.object?.headers.get('cache-control'), UPLOAD_CACHE_CONTROL)
        assert.equal(picture.object?.headers.get('content-type'), 'image/jpeg')
      }
    }
    if (onBucket()) {
      // The page may show them: the bucket's origin is among the CSP's image sources.
      const page = await visitor().send('GET', `/petition/${slug}`)
      const origin = new URL((await pictureAt(banner.url)).reply.location!).origin
      const imgSrc = String(page.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('img-src'))
      assert.include(imgSrc, origin)
      // An address no upload has is a 404, never a redirect.
      const missing = await visitor().send('GET', banner.url.replace(/[\w-]+\.jpg$/, 'gone.jpg'))
      assert.equal(missing.status, 404)
    }

    // A guest reads the petition in German and signs it.
    const guest = visitor('de')
    const { page } = await guest.open(`/petition/${slug}`)
    assert.equal(page?.component, 'Petition/Show')
    assert.equal(page?.props.petition.banner.url, banner.url)
    assert.deepEqual(
      page?.props.petition.photos.map((item: { url: string }) => item.url),
      [photo.url]
    )
    assert.isTrue(page?.props.canSignPetition)
    const signed = await guest.submit('POST', `/petition/${guid}/sign`, {
      json: {
        firstName: 'Jonas',
        lastName: 'Becker',
        email: SIGNER,
        country: 'DE',
        private: false,
        support: true,
        customFields: [],
      },
    })
    assert.equal(signed.landing?.component, 'Petition/Show')
    // Not counted yet: one dialog says it is almost done, and the page waits for the link.
    assert.notExists(signed.landing?.props.swal.success)
    assert.include(signed.landing?.props.swal.info.payload, SIGNER)
    assert.equal(signed.landing?.props.mySignature.status, 'pending')
    assert.isNotNull(signed.landing?.props.whenISignedThisPetition)

    // The mailed link: its GET only shows a button, its POST confirms.
    const confirmation = await mailbox.waitFor(SIGNER)
    const link = linkIn(confirmation, '/signature/')
    assert.match(link, /^https:\/\/de\.undersign\.test\/signature\/\d+\/confirm\?/)
    const shown = await guest.open(link)
    assert.equal(shown.page?.component, 'Petition/ConfirmSignature')
    assert.equal((await guest.open(`/petition/${slug}`)).page?.props.petition.totalSignatures, 0)
    const confirmed = await guest.submit('POST', shown.page?.props.confirmUrl, { json: {} })
    assert.equal(confirmed.landing?.component, 'Petition/Show')
    // Confirmed: the page says the signature is confirmed.
    assert.isTrue(confirmed.landing?.props.justConfirmed)
    assert.equal(confirmed.landing?.props.mySignature.status, 'confirmed')

    const countNow = async () =>
      (await visitor().open(`/petition/${slug}`)).page?.props.petition.totalSignatures as number
    assert.equal(await eventually(countNow, (count) => count === 1), 1)

    // The owner's table: remove the signature, count it again.
    const table = await owner.visit(`/petition/${guid}/signatures`)
    assert.equal(table.component, 'Petition/Signatures')
    const [row] = table.props.signatures.data
    assert.equal(row.user.email, SIGNER)
    const removed = await owner.submit('PATCH', `/petition/${guid}/signatures/${row.id}`, {
      json: { active: false },
    })
    assert.isString(removed.landing?.props.messages.success)
    assert.isFalse(removed.landing?.props.signatures.data[0].active)
    assert.equal(await eventually(countNow, (count) => count === 0), 0)
    await owner.submit('PATCH', `/petition/${guid}/signatures/${row.id}`, {
      json: { active: true },
    })
    assert.equal(await eventually(countNow, (count) => count === 1), 1)

    // The export, as the page's plain form posts it.
    const exported = await owner.send('POST', `/petition/${guid}/signatures/download`, {
      body: { form: { _csrf: table.props.csrfToken } },
    })
    assert.equal(exported.status, 200)
    assert.match(
      String(exported.headers['content-disposition']),
      /safe-crossings-on-elm-street-signatures-/
    )
    const csv = exported.text()
    assert.isTrue(csv.startsWith('\ufeff'))
    assert.include(csv, SIGNER)
    assert.lengthOf(csv.trim().split('\r\n'), 2)

    // The sheet and the package are drawn by the build, with the fonts it ships (Cyrillic too).
    const sheet = await owner.send('POST', `/petition/${guid}/sheet`, {
      body: { form: { _csrf: table.props.csrfToken, paperSize: 'a4', language: 'uk' } },
    })
    assert.equal(sheet.status, 200)
    const printed = await readPdf(sheet.body)
    assert.include(printed.words, 'Safe crossings on Elm Street')
    assert.include(printed.words, 'Підпис')
    const delivered = await owner.send('POST', `/petition/${guid}/delivery`, {
      body: {
        form: {
          _csrf: table.props.csrfToken,
          paperSize: 'a4',
          language: 'en',
          includeList: 'true',
        },
      },
    })
    assert.equal(delivered.status, 200)
    // A ZIP of one PDF per recipient: the petition's letter has one, the mayor.
    const [mayor] = Object.values(unzip(delivered.body))
    const packaged = await readPdf(mayor)
    assert.include(packaged.words, 'Dear council')
    assert.notInclude(packaged.text, SIGNER)

    assert.deepEqual(sourceReads(), [], 'files read from the sources instead of the build')
  })
})
