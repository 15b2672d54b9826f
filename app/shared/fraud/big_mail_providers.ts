/**
 * Public mail providers so large that many of any petition's signers use
 * them, in the languages the site speaks: their share of a petition's
 * signatures follows its audience, not an attack. A kept list, reviewed by
 * hand: a domain left out only makes the checks stricter for it.
 */
export const BIG_MAIL_PROVIDERS: ReadonlySet<string> = new Set([
  // Worldwide
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
  // English
  'hotmail.co.uk',
  'yahoo.co.uk',
  'btinternet.com',
  'comcast.net',
  // Spanish and Portuguese
  'hotmail.es',
  'yahoo.es',
  'outlook.es',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'sapo.pt',
  // French
  'hotmail.fr',
  'yahoo.fr',
  'outlook.fr',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  // German
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'hotmail.de',
  'yahoo.de',
  'outlook.de',
  // Italian
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'alice.it',
  'hotmail.it',
  'yahoo.it',
  'outlook.it',
  // Ukrainian and Russian
  'ukr.net',
  'i.ua',
  'meta.ua',
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'yandex.ru',
  'ya.ru',
  'rambler.ru',
])

export function isBigMailProvider(domain: string) {
  return BIG_MAIL_PROVIDERS.has(domain.toLowerCase())
}

/**
 * The big provider that a block of `domain` would stop, or null: the
 * provider itself, or one it is a parent of (`co.uk` covers
 * `hotmail.co.uk`). One moderator's rule must never stop a provider that
 * many signers of every petition use: network rules and invalidation are
 * for those. A sub-domain of a provider (`spam.gmail.com`) stops only itself.
 */
export function bigMailProviderCovered(domain: string): string | null {
  const blocked = domain.toLowerCase()
  for (const provider of BIG_MAIL_PROVIDERS) {
    if (provider === blocked || provider.endsWith(`.${blocked}`)) return provider
  }
  return null
}
