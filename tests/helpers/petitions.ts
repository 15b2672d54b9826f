import { randomUUID } from 'node:crypto'

/** A complete, valid petition as the create form sends it. */
export function validPetition(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Save the Shevchenko park',
    target: 'Kyiv City Council',
    description: '<p>The park is <strong>our</strong> green heart.</p>',
    banner: { driver: 'local', url: '/banner-templates/forest.jpg' },
    photos: [],
    videos: [
      {
        title: 'The park today',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        description: 'A walk',
      },
    ],
    letters: [
      {
        payload: 'Dear members of the council,\nplease keep the park.',
        recipients: [{ name: 'Ivan Petrenko', payload: 'Mayor' }],
      },
    ],
    updates: [],
    customFields: [
      { type: 'text', title: 'District', description: 'Where you live', required: true },
    ],
    allowComments: true,
    allowOpposite: false,
    private: false,
    targetSignatures: 1000,
    topics: ['environment'],
    ...overrides,
  }
}

export const newGuid = () => randomUUID()

type Client = import('@japa/api-client').ApiClient
type Member = import('#models/user').default

/** POST /petition/{guid}/create as a member, the way the create form does. */
export function submitPetition(
  client: Client,
  member: Member,
  guid: string,
  overrides: Record<string, unknown> = {}
) {
  return client
    .post(`/petition/${guid}/create`)
    .json(validPetition(overrides))
    .loginAs(member)
    .withCsrfToken()
    .redirects(0)
}

/** POST /petition/{guid}/media as a member; returns the response. */
export function uploadMedia(
  client: Client,
  member: Member,
  guid: string,
  type: 'banner' | 'photo' | 'editor',
  path: string
) {
  return client
    .post(`/petition/${guid}/media`)
    .field('type', type)
    .file('file', path)
    .loginAs(member)
    .withCsrfToken()
}
