import { randomBytes } from 'node:crypto'
import { slugify } from 'transliteration'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

const MAX_LENGTH = 120

/** The title as a URL slug, transliterated (Cyrillic too): 'Збережемо парк' → 'zberezhemo-park'. */
export function slugOf(title: string) {
  const base = slugify(title, { lowercase: true, separator: '-', trim: true })
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-$/, '')
  return base || 'petition'
}

/**
 * The slug of an unlisted petition: the title's and a random suffix of 60
 * bits, so that its link cannot be guessed from its title, and no
 * `-2` tells that a petition of the same title exists.
 */
export function unlistedSlug(title: string) {
  const suffix = BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .slice(0, 12)
    .padStart(12, '0')
  return `${slugOf(title)
    .slice(0, MAX_LENGTH - suffix.length - 1)
    .replace(/-$/, '')}-${suffix}`
}

/**
 * A slug no petition has yet: the title's, else with -2, -3… The unique
 * index on petitions.slug stays the final guard.
 */
export async function uniqueSlug(
  title: string,
  client: TransactionClientContract | typeof db = db
) {
  const base = slugOf(title)
  const rows: Array<{ slug: string }> = await client
    .from('petitions')
    .where('slug', base)
    .orWhere('slug', 'like', `${base}-%`)
    .select('slug')
  const taken = new Set(rows.map((row) => row.slug))
  if (!taken.has(base)) return base
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
