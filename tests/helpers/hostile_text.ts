import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/**
 * Texts that end a script element or open an HTML comment inside one: a page
 * that embeds its props as JSON in a script must survive every one of them.
 */
export const HOSTILE = {
  title: 'Stop </script><script>document.title="pwned"</script> now <!--<script>',
  firstName: '<!--<script>',
  lastName: '</script><img src=x onerror="document.title=\'pwned\'">',
  comment: '<!-- </script> --> <script>document.title="pwned"</script> \u2028\u2029 end',
}

/** A public petition whose title, owner and last signer carry the texts above. */
export async function makeHostilePetition() {
  const owner = await makeMember({ firstName: HOSTILE.firstName, lastName: HOSTILE.lastName })
  const petition = await PetitionFactory.apply('published')
    .merge({ title: HOSTILE.title, allowComments: true, userId: owner.id })
    .create()
  await SignatureFactory.merge({
    petitionId: petition.id,
    firstName: HOSTILE.firstName,
    lastName: HOSTILE.lastName,
    comment: HOSTILE.comment,
  }).create()
  return petition
}

/** The JSON of the page's props as the browser will read it: up to the first end of the script. */
export function embeddedPageJson(html: string) {
  const match = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('the page embeds no props')
  return JSON.parse(match[1])
}
