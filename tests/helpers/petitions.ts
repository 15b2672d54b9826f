import { randomUUID } from 'node:crypto'

/** A complete, valid petition as the create form sends it (spec 3.3). */
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
    ...overrides,
  }
}

export const newGuid = () => randomUUID()
