import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import ContactMessage from '#models/contact_message'
import ContactMessageMail from '#mails/contact_message_mail'
import type User from '#models/user'
import { affectedRows } from '#support/database_errors'
import SendMailJob from '#jobs/send_mail_job'

/** Contact messages are deleted this long after they were written. */
export const CONTACT_MESSAGES_KEPT_MONTHS = 12

type ContactInput = { name: string; email: string; subject: string; message: string }

/** Stores a contact message and queues it to the site's contact address. */
export async function submitContactMessage(input: ContactInput, locale: string, user: User | null) {
  // A member's name and e-mail are locked on the form: the account's own count.
  const sender = user ? { name: user.fullName, email: user.email } : input
  const contact = await ContactMessage.create({
    userId: user?.id ?? null,
    name: sender.name,
    email: sender.email,
    subject: input.subject,
    message: input.message,
    locale,
  })
  await SendMailJob.dispatchMails([new ContactMessageMail(contact)])
  return contact
}

/**
 * Deletes the contact messages written more than 12 months before `now`
 * (the index on created_at finds them). Returns how many were deleted.
 */
export async function pruneContactMessages(now = DateTime.utc()) {
  const cutoff = now
    .toUTC()
    .minus({ months: CONTACT_MESSAGES_KEPT_MONTHS })
    .toFormat(db.connection().dialect.dateTimeFormat)
  return affectedRows(await db.from('contact_messages').where('created_at', '<', cutoff).delete())
}
