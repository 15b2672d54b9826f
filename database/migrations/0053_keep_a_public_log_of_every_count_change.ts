import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The transparency log: every change of a petition's counts is a leaf of
 * one site-wide Merkle tree (RFC 9162), appended in the transaction that
 * moves the counts, and its heads are signed.
 *
 * - `transparency_log`: one row, the tree as it stands (size, root, the
 *   right edge's subtree hashes that the next leaves join) and, on a site
 *   without LOG_SIGNING_KEY, the signing key it made once. Its lock orders
 *   every append.
 * - `transparency_log_leaves`: the leaves' exact bytes and hashes, with the
 *   columns that find and sum them (petition guid, not id: a deleted
 *   petition keeps its leaves; no signer, address or network ever).
 * - `transparency_log_nodes`: the hashes of complete subtrees above the
 *   leaves, from which proofs are read without rehashing the tree.
 * - `transparency_log_heads`: every signed tree head, one per size.
 * - `signature_count_deltas.commitment`: the signature's commitment rides
 *   with its delta to the flush (the row may be deleted before: a withdrawal).
 * - `signatures.receipt_secret`: what the commitment hashes, the signer's receipt.
 * - `petitions.log_tree_size`: the tree size its counts correspond to.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('transparency_log', (table) => {
      table.integer('id').primary()
      table.bigInteger('tree_size').notNullable().defaultTo(0)
      table.string('root_hash', 44).notNullable()
      table.text('frontier').notNullable()
      table.text('signing_key').nullable()
    })
    this.schema.createTable('transparency_log_leaves', (table) => {
      table.bigInteger('leaf_index').primary()
      table.string('petition_guid', 36).notNullable()
      table.string('event', 16).notNullable()
      table.string('side', 8).notNullable()
      table.integer('n').notNullable()
      table.string('commitment', 43).nullable()
      table.text('leaf').notNullable()
      table.string('leaf_hash', 44).notNullable()
      table.index(['petition_guid', 'leaf_index'])
      table.index(['commitment'])
    })
    this.schema.createTable('transparency_log_nodes', (table) => {
      table.smallint('level').notNullable()
      table.bigInteger('position').notNullable()
      table.string('hash', 44).notNullable()
      table.primary(['level', 'position'])
    })
    this.schema.createTable('transparency_log_heads', (table) => {
      table.bigInteger('tree_size').primary()
      table.bigInteger('timestamp').notNullable()
      table.string('root_hash', 44).notNullable()
      table.string('signature', 88).notNullable()
    })
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.string('commitment', 43).nullable()
    })
    this.schema.alterTable('signatures', (table) => {
      table.string('receipt_secret', 22).nullable()
    })
    this.schema.alterTable('petitions', (table) => {
      table.bigInteger('log_tree_size').notNullable().defaultTo(0)
    })
    this.defer(async (db) => {
      // The empty tree: its root is SHA-256 of nothing.
      await db.table('transparency_log').insert({
        id: 1,
        tree_size: 0,
        root_hash: '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
        frontier: '[]',
      })
    })
  }

  async down() {
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('log_tree_size')
    })
    this.schema.alterTable('signatures', (table) => {
      table.dropColumn('receipt_secret')
    })
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.dropColumn('commitment')
    })
    this.schema.dropTable('transparency_log_heads')
    this.schema.dropTable('transparency_log_nodes')
    this.schema.dropTable('transparency_log_leaves')
    this.schema.dropTable('transparency_log')
  }
}
