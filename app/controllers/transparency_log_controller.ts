import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import { logKey } from '#runtime/transparency/log_key'
import { publishedPetition } from '#services/petitions/open_data'
import { latestTreeHead, treeHeadOfSize, treeHeadsAfter } from '#services/transparency/tree_heads'
import { leavesWithCommitment, logEntries } from '#services/transparency/log_entries'
import { consistencyProof, inclusionProof, storedLogSize } from '#services/transparency/log_proofs'
import { petitionLog } from '#services/transparency/petition_log'
import {
  consistencyProofValidator,
  inclusionProofValidator,
  logEntriesValidator,
  logPageValidator,
} from '#validators/transparency_log'

/** Entries and tree heads one request answers at most. */
const PAGE = 1000

/**
 * The transparency log's public API (docs/api.md): signed tree heads, the
 * leaves' exact bytes, RFC 9162 proofs and a petition's leaves. Anyone may
 * read it; a bad parameter is a 400 naming what is wrong.
 */
export default class TransparencyLogController {
  /** GET /verify: the page that checks a receipt in the browser (it never reaches the server). */
  async verify({ inertia }: HttpContext) {
    return inertia.render('Log/Verify', {})
  }

  /** GET /.well-known/undersign/log-key: the public key of the tree heads, as a JWK. */
  async key() {
    const { jwk } = await logKey()
    return jwk
  }

  /** GET /log/sth: the latest signed tree head. */
  async latest() {
    const head = await latestTreeHead()
    if (!head) throw new NotFoundException()
    return head
  }

  /** GET /log/sth/{treeSize}: the signed head of that size. */
  async ofSize({ params }: HttpContext) {
    const head = await treeHeadOfSize(Number(params.treeSize))
    if (!head) throw new NotFoundException()
    return head
  }

  /** GET /log/sths?after=: the signed heads larger than `after`, smallest first. */
  async heads({ request, response }: HttpContext) {
    const [error, input] = await logPageValidator.tryValidate(request.qs())
    if (error) return response.badRequest({ error: error.messages })
    return { treeHeads: await treeHeadsAfter(input.after ?? -1, PAGE) }
  }

  /** GET /log/entries?start=&end=: the leaves from start to end included, a thousand at most. */
  async entries({ request, response }: HttpContext) {
    const [error, input] = await logEntriesValidator.tryValidate(request.qs())
    if (error) return response.badRequest({ error: error.messages })
    if (input.start > input.end) return response.badRequest({ error: 'start is after end' })
    return logEntries(input.start, Math.min(input.end, input.start + PAGE - 1))
  }

  /** GET /log/commitments/{commitment}: the leaves of one online signature (its receipt's). */
  async ofCommitment({ params }: HttpContext) {
    return leavesWithCommitment(params.commitment)
  }

  /** GET /log/proof/inclusion?index=&treeSize= */
  async inclusion({ request, response }: HttpContext) {
    const [error, input] = await inclusionProofValidator.tryValidate(request.qs())
    if (error) return response.badRequest({ error: error.messages })
    const { index, treeSize } = input
    if (index >= treeSize) return response.badRequest({ error: 'index is outside the tree' })
    if (treeSize > (await storedLogSize())) {
      return response.badRequest({ error: 'the log is not that large' })
    }
    return { index, treeSize, path: await inclusionProof(index, treeSize) }
  }

  /** GET /log/proof/consistency?first=&second= */
  async consistency({ request, response }: HttpContext) {
    const [error, input] = await consistencyProofValidator.tryValidate(request.qs())
    if (error) return response.badRequest({ error: error.messages })
    const { first, second } = input
    if (first > second) return response.badRequest({ error: 'first is larger than second' })
    if (second > (await storedLogSize())) {
      return response.badRequest({ error: 'the log is not that large' })
    }
    return { first, second, path: await consistencyProof(first, second) }
  }

  /** GET /petition/{slug}/log.json: its leaves and the signed head its counts match. */
  async petition({ params, request, response }: HttpContext) {
    const [error, input] = await logPageValidator.tryValidate(request.qs())
    if (error) return response.badRequest({ error: error.messages })
    const petition = await publishedPetition(params.slug)
    if (!petition) throw new NotFoundException()
    return petitionLog(petition, input.after ?? -1)
  }
}
