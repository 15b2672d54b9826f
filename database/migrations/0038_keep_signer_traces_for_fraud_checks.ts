import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What the fraud checks group signatures by: a keyed hash of the signer's
 * network (IPv4 /24, IPv6 /48; never the address) and their e-mail's
 * domain. Signatures from before have neither. Both are personal data,
 * erased with the rest of a signature's by the retention job.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('signatures', (table) => {
      table.string('network_hash', 22).nullable()
      table.string('email_domain', 253).nullable()
    })
  }

  async down() {
    this.schema.alterTable('signatures', (table) => {
      table.dropColumn('email_domain')
      table.dropColumn('network_hash')
    })
  }
}
