import mail from '@adonisjs/mail/services/main'
import ContactMessage from '#models/contact_message'
import ContactMessageMail from '#mails/contact_message_mail'
import type User from '#models/user'

type ContactInput = { name: string; email: string; subject: string; message: string }

/** Stores a contact message and queues it to the site's contact address. */
export async function submitContactMessage(input: ContactInput, locale: string, user: User | null) {
  // A member's name and e-mail are locked on the form: the account's own count.
  const sender = user
    ? { name: [user.firstName, user.lastName].filter(Boolean).join(' '), email: user.email }
    : input
  const contact = await ContactMessage.create({
    userId: user?.id ?? null,
    name: sender.name,
    email: sender.email,
    subject: input.subject,
    message: input.message,
    locale,
  })
  await mail.sendLater(new ContactMessageMail(contact))
  return contact
}
