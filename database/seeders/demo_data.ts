import { randomUUID } from 'node:crypto'
import User, { ROLE_MODERATOR } from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import Petition from '#models/petition'
import type CustomField from '#models/custom_field'
import { savePetition, type PetitionInput } from '#services/petitions/petition_writer'
import { judgeRecipientAddress, recipientToJudge } from '#services/decision_makers/directory'
import LetterRecipient from '#models/letter_recipient'
import type { Locale } from '#app/i18n/locales'
import db from '@adonisjs/lucid/services/db'
import { hourOf } from '#shared/hours'
import { recountSignatures } from '#services/signatures/recount'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { detectUnusualSigning } from '#services/fraud/unusual_signing'
import { invalidateSignatures } from '#services/fraud/invalidation'
import { networkHash } from '#support/signer_traces'
import { join } from 'node:path'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import sharp from 'sharp'
import { DateTime } from 'luxon'
import { decidePaperBatch, recordPaperBatch } from '#services/petitions/paper_signatures'
import { recordHandover } from '#services/petitions/handovers'

type DemoPetition = Pick<PetitionInput, 'title' | 'target' | 'description'> &
  Partial<PetitionInput> & { owner: number; lang: Locale }

/** The one decision maker's address of the demo a moderator approved. */
const APPROVED_ADDRESS = 'mayor@riverside.example'

const today = () => new Date(new Date().toISOString().slice(0, 10))

/** Petitions in several languages, with letters, fields, updates and banners. */
const PETITIONS: DemoPetition[] = [
  {
    owner: 0,
    lang: 'en',
    title: 'Protect the old oak trees of Riverside Park',
    topics: ['environment', 'local-community'],
    country: 'US',
    region: 'Riverside',
    target: 'Riverside City Council',
    description:
      '<p>The council plans to cut <strong>40 oak trees</strong> older than a century. We ask for a new plan that keeps them.</p>',
    banner: { driver: 'local', url: '/banner-templates/forest.jpg' },
    letters: [
      {
        payload: 'Dear councillors,\nplease keep the oaks of Riverside Park.',
        // Addressed and approved by the moderator: the demo's mail outbox shows
        // the petition delivered to her at its milestone.
        recipients: [{ name: 'Jane Doe', payload: 'Mayor', email: APPROVED_ADDRESS }],
      },
    ],
    milestones: [100],
    customFields: [{ type: 'text', title: 'Your neighbourhood', required: true }],
    updates: [
      {
        title: 'Petition delivered',
        createdAt: today(),
        description: 'We handed the first signatures to the mayor.',
      },
    ],
    allowComments: true,
    targetSignatures: 1000,
  },
  {
    owner: 0,
    lang: 'en',
    title: 'Free drinking water fountains in every school',
    topics: ['education', 'health'],
    country: 'GB',
    target: 'Ministry of Education',
    description:
      '<p>Every pupil should have free access to clean drinking water during the school day.</p>',
    banner: { driver: 'local', url: '/banner-templates/ocean.jpg' },
    allowOpposite: true,
    targetSignatures: 10000,
  },
  {
    owner: 1,
    lang: 'es',
    title: 'Carriles bici seguros en el centro de Valencia',
    topics: ['transport'],
    country: 'ES',
    region: 'Valencia',
    target: 'Ayuntamiento de Valencia',
    description:
      '<p>Pedimos carriles bici <em>separados del tráfico</em> en las calles principales del centro.</p>',
    banner: { driver: 'local', url: '/banner-templates/city.jpg' },
    customFields: [{ type: 'number', title: 'Edad', required: false }],
    allowComments: true,
    targetSignatures: 1000,
  },
  {
    owner: 1,
    lang: 'es',
    title: 'Más bibliotecas abiertas los domingos',
    topics: ['culture', 'education'],
    country: 'MX',
    region: 'Ciudad de México',
    target: 'Consejería de Cultura',
    description:
      '<p>Las bibliotecas son espacios de estudio y encuentro: queremos que abran también los domingos.</p>',
    banner: { driver: 'local', url: '/banner-templates/sunrise.jpg' },
    targetSignatures: 10000,
  },
  {
    owner: 2,
    lang: 'uk',
    title: 'Збережемо парк Шевченка',
    topics: ['environment', 'local-community'],
    country: 'UA',
    region: 'Київ',
    target: 'Київська міська рада',
    description:
      '<p>Парк Шевченка — зелене серце міста. Просимо відмовитися від забудови його території.</p>',
    banner: { driver: 'local', url: '/banner-templates/forest.jpg' },
    letters: [
      {
        payload: 'Шановні депутати!\nПросимо зберегти парк.',
        recipients: [
          // Waits in the moderators' "Decision makers to approve".
          { name: 'Іван Петренко', payload: 'Голова комісії', email: 'petrenko@kyivrada.example' },
          { name: 'Ольга Бондар', payload: 'Депутатка' },
        ],
      },
    ],
    allowOpposite: true,
    targetSignatures: 10000,
  },
  {
    owner: 2,
    lang: 'uk',
    title: 'Укриття в кожній школі',
    topics: ['education', 'human-rights'],
    country: 'UA',
    target: 'Міністерство освіти і науки України',
    description:
      '<p>Кожна школа має мати обладнане укриття, щоб діти могли навчатися безпечно.</p>',
    banner: { driver: 'local', url: '/banner-templates/city.jpg' },
    customFields: [{ type: 'text', title: 'Місто', required: true }],
    targetSignatures: 25000,
  },
  {
    owner: 3,
    lang: 'de',
    title: 'Nachtzüge zwischen Berlin und Wien erhalten',
    topics: ['transport', 'international'],
    country: 'DE',
    region: 'Berlin',
    target: 'Bundesministerium für Verkehr',
    description:
      '<p>Nachtzüge sind eine klimafreundliche Alternative zum Flugzeug. Die Verbindung Berlin–Wien muss bleiben.</p>',
    banner: { driver: 'local', url: '/banner-templates/ocean.jpg' },
    allowComments: true,
    targetSignatures: 20000,
  },
  {
    owner: 3,
    lang: 'de',
    title: 'Mehr Grün auf Schulhöfen',
    topics: ['environment', 'education'],
    country: 'AT',
    region: 'Wien',
    target: 'Senatsverwaltung für Bildung',
    description:
      '<p>Entsiegelte Schulhöfe mit Bäumen kühlen im Sommer und laden zum Spielen ein.</p>',
    banner: { driver: 'local', url: '/banner-templates/forest.jpg' },
    targetSignatures: 1000,
  },
  {
    owner: 0,
    lang: 'fr',
    title: 'Des repas bio et locaux dans les cantines',
    topics: ['health', 'education'],
    country: 'FR',
    target: 'Conseil régional',
    description:
      '<p>Nous demandons 50 % de produits bio et locaux dans les cantines scolaires de la région.</p>',
    banner: { driver: 'local', url: '/banner-templates/sunrise.jpg' },
    targetSignatures: 10000,
  },
  {
    owner: 1,
    lang: 'it',
    title: 'Piste ciclabili sicure a Bologna',
    topics: ['transport'],
    country: 'IT',
    region: 'Bologna',
    target: 'Comune di Bologna',
    description:
      '<p>Chiediamo una rete di piste ciclabili protette che colleghi i quartieri al centro.</p>',
    banner: { driver: 'local', url: '/banner-templates/city.jpg' },
    allowOpposite: true,
    targetSignatures: 1000,
  },
  {
    owner: 2,
    lang: 'pt',
    title: 'Transporte público gratuito para estudantes',
    topics: ['transport', 'education'],
    country: 'BR',
    region: 'São Paulo',
    target: 'Prefeitura de São Paulo',
    description: '<p>Estudantes não deveriam pagar para chegar à escola ou à universidade.</p>',
    banner: { driver: 'local', url: '/banner-templates/ocean.jpg' },
    targetSignatures: 50000,
  },
  {
    owner: 3,
    lang: 'ru',
    title: 'Сохраним исторический трамвай',
    topics: ['culture', 'transport'],
    target: 'Городская дума',
    description:
      '<p>Старый трамвайный маршрут — часть истории города. Просим не закрывать его.</p>',
    banner: { driver: 'local', url: '/banner-templates/sunrise.jpg' },
    targetSignatures: 1000,
  },
]

/** Signature counts of the petitions that have not reached their target yet. */
const ON_THEIR_WAY = [255, 412, 96, 731, 73, 318, 152, 529, 41]

const PLACES = ['Centre', 'Riverside', 'Old Town', 'Hillside', 'Harbour', 'North End']

/** A signer's answers to a petition's custom fields: a place, or an age for numbers. */
function demoAnswers(fields: CustomField[], n: number) {
  return Object.fromEntries(
    fields.map((field) => [
      String(field.id),
      field.type === 'number' ? String(18 + ((n * 7) % 60)) : PLACES[n % PLACES.length],
    ])
  )
}

/**
 * Demo data for `npm start` on an empty database: four
 * members, a moderator and a dozen petitions in several languages, saved by the same
 * service as the create form. Returns false when the database holds users.
 */
export async function seedDemoData(): Promise<boolean> {
  if (await User.query().first()) return false
  const users = await UserFactory.merge([
    { firstName: 'Ada', lastName: 'Lovelace', email: 'demo@undersign.org', locale: 'en' },
    { firstName: 'Lucía', lastName: 'García', email: 'lucia@undersign.org', locale: 'es' },
    { firstName: 'Олена', lastName: 'Коваленко', email: 'olena@undersign.org', locale: 'uk' },
    { firstName: 'Jonas', lastName: 'Becker', email: 'jonas@undersign.org', locale: 'de' },
    {
      firstName: 'Mira',
      lastName: 'Moderator',
      email: 'moderator@undersign.org',
      locale: 'en',
      role: ROLE_MODERATOR,
    },
  ]).createMany(5)
  let signer = 0
  let successful = 0
  const reachedTarget: number[] = []
  const onTheirWay: Array<{ petitionId: number; count: number }> = []
  for (const [index, { owner, lang, ...input }] of PETITIONS.entries()) {
    const guid = randomUUID()
    // Each in the language it is written in: every language's list shows its own.
    await savePetition(
      users[owner],
      guid,
      { targetSignatures: 1000, ...input } as PetitionInput,
      lang
    )
    const petition = await Petition.findByOrFail('guid', guid)
    await petition.load('customFields')
    // Some petitions reach their target (the home page shows them), the others are on their way.
    const reaches = !petition.allowOpposite && petition.targetSignatures <= 1000 && successful < 3
    if (reaches) successful++
    const count = reaches
      ? petition.targetSignatures + 40 * successful
      : ON_THEIR_WAY[index % ON_THEIR_WAY.length]
    await insertSignatureRows(petition.id, count, {
      from: signer,
      opposeEvery: petition.allowOpposite ? 4 : 0,
      privateEvery: 7,
      comment: petition.allowComments ? 'I care about this and I hope it changes soon.' : null,
      // On the others, a few the owner removed and a few still unconfirmed.
      inactiveEvery: reaches ? 0 : 23,
      unconfirmedEvery: reaches ? 0 : 17,
      answers: (n) => demoAnswers(petition.customFields, n),
      traces: 'spread',
    })
    signer += count
    if (!reaches) onTheirWay.push({ petitionId: petition.id, count })
    else reachedTarget.push(petition.id)
  }
  await approveDemoAddress(users[4])
  await recountSignatures()
  await recordRecentSigning(onTheirWay)
  await showSigningAttacks(users[4], onTheirWay, signer)
  await showOfflineCampaign(users[4], onTheirWay[2].petitionId, reachedTarget[0])
  return true
}

/** The moderator approved the mayor's address, so that the milestone mails her. */
async function approveDemoAddress(moderator: User) {
  const recipient = await LetterRecipient.findByOrFail('email', APPROVED_ADDRESS)
  const judged = await recipientToJudge(recipient.id)
  await judgeRecipientAddress(moderator, judged!, 'approve', 'The address on the city’s website')
}

/**
 * The campaign offline has something to show: a petition on its way has a
 * verified batch of paper signatures (its page shows "online + on paper")
 * and one waiting for the moderator (the queue lists it); a successful one
 * was handed over.
 */
async function showOfflineCampaign(moderator: User, onItsWay: number, handedOver: number) {
  const petition = await Petition.query().where('id', onItsWay).preload('user').firstOrFail()
  const sheets = join(tmpdir(), `undersign-demo-sheets-${randomUUID()}.jpg`)
  await writeFile(
    sheets,
    await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#fbfaf5' } })
      .jpeg()
      .toBuffer()
  )
  try {
    const daysAgo = (days: number) => DateTime.utc().minus({ days }).startOf('day').toJSDate()
    const market = await recordPaperBatch(
      petition.user,
      petition,
      { signatures: 180, place: 'Saturday market', collectedOn: daysAgo(3) },
      sheets
    )
    await decidePaperBatch(moderator, petition, market.id, 'verify', 'Sheets counted on the photo')
    await recordPaperBatch(
      petition.user,
      petition,
      { signatures: 64, place: 'Door to door, Elm Street', collectedOn: daysAgo(1) },
      sheets
    )
  } finally {
    await rm(sheets, { force: true })
  }
  const successful = await Petition.query().where('id', handedOver).preload('user').firstOrFail()
  await recordHandover(
    successful.user,
    successful,
    {
      recipient: successful.target,
      handedOverOn: DateTime.utc().minus({ days: 2 }).startOf('day').toJSDate(),
      place: 'Town hall',
    },
    null
  )
}

/**
 * The fraud console has something to show: one petition gets a burst of
 * unconfirmed signatures from one network in the last minute (the
 * moderators' queue lists it as unusual signing), and another a burst of
 * counted ones that the moderator has invalidated already (its page says how
 * many moderators removed, and why).
 */
async function showSigningAttacks(
  moderator: User,
  petitions: Array<{ petitionId: number }>,
  firstSigner: number
) {
  const [attacked, cleaned] = petitions
  await insertSignatureRows(attacked.petitionId, 60, {
    from: firstSigner,
    confirmed: false,
    traces: { burst: { address: '203.0.113.50', domain: 'mailinator.com' } },
  })
  await detectUnusualSigning()
  await insertSignatureRows(cleaned.petitionId, 30, {
    from: firstSigner + 60,
    traces: { burst: { address: '198.51.100.77', domain: 'guerrillamail.com' } },
  })
  await recountSignatures(cleaned.petitionId)
  const petition = await Petition.findOrFail(cleaned.petitionId)
  const filter = { domain: 'guerrillamail.com', from: null, to: null, unconfirmed: false }
  await invalidateSignatures(
    moderator,
    petition,
    { ...filter, network: networkHash('198.51.100.77'), upToId: null },
    'Thirty throwaway addresses from one network within a minute'
  )
}

/**
 * An eighth of the signatures of the petitions on their way, as counted over
 * the last three hours: the home page's petitions gaining signatures now,
 * and the list's trending order, have something to show on a fresh start.
 */
async function recordRecentSigning(petitions: Array<{ petitionId: number; count: number }>) {
  const now = hourOf()
  const rows = petitions.flatMap(({ petitionId, count }) =>
    [0, 1, 2].map((hoursAgo) => ({
      petition_id: petitionId,
      hour: now - hoursAgo,
      count: Math.max(1, Math.floor(count / 24)),
    }))
  )
  await db.table('petition_hourly_signatures').multiInsert(rows)
}
