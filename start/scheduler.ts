/*
|--------------------------------------------------------------------------
| Scheduled jobs
|--------------------------------------------------------------------------
|
| Schedules live in the queue's store (the database, or Redis), and every
| queue worker, the web process's own and `npm run ace -- queue:work`,
| dispatches the runs that are due: the worker that claims a run first
| dispatches it, so each run happens once however many processes there are.
| Every web server registers them once it is ready (an upsert by id); the
| build, which loads this file without serving, touches no database.
| Cron times, not intervals: a restart never postpones a run.
|
*/
import app from '@adonisjs/core/services/app'
import PrunePendingMediaJob from '#jobs/prune_pending_media_job'
import PruneUnconfirmedSignaturesJob from '#jobs/prune_unconfirmed_signatures_job'
import PruneContactMessagesJob from '#jobs/prune_contact_messages_job'
import PruneApiTokenUsesJob from '#jobs/prune_api_token_uses_job'
import PruneWebhookDeliveriesJob from '#jobs/prune_webhook_deliveries_job'
import PruneIdentityChecksJob from '#jobs/prune_identity_checks_job'
import MailRetentionNoticesJob from '#jobs/mail_retention_notices_job'
import EraseExpiredSignaturesJob from '#jobs/erase_expired_signatures_job'
import FinishClosedPetitionsJob from '#jobs/finish_closed_petitions_job'
import PruneHourlySignaturesJob from '#jobs/prune_hourly_signatures_job'
import MailPetitionNewsJob from '#jobs/mail_petition_news_job'
import DetectUnusualSigningJob from '#jobs/detect_unusual_signing_job'
import RetryDecisionMakerMailsJob from '#jobs/retry_decision_maker_mails_job'
import SendWebhooksJob from '#jobs/send_webhooks_job'

app.ready(async () => {
  // Every minute: a petition where one network or e-mail domain signs too
  // much goes to the moderators' queue ("unusual signing"), once an hour.
  await DetectUnusualSigningJob.schedule({}).id('detect-unusual-signing').cron('* * * * *').run()
  // Every minute: webhook deliveries that are due (retries, and any whose event was lost).
  await SendWebhooksJob.schedule({}).id('send-due-webhooks').cron('* * * * *').run()
  // Hourly: pictures uploaded for a petition that was never saved, after 24 hours.
  await PrunePendingMediaJob.schedule({}).id('prune-pending-media').cron('17 * * * *').run()
  // Every ten minutes: petitions past their closing date are finished and
  // their owners told (signing stopped at the closing moment already).
  await FinishClosedPetitionsJob.schedule({})
    .id('finish-closed-petitions')
    .cron('*/10 * * * *')
    .run()
  // Every five minutes: a petition's news to the signers who asked for it,
  // at most once a day per petition (what comes later waits for the next mail).
  await MailPetitionNewsJob.schedule({}).id('mail-petition-news').cron('*/5 * * * *').run()
  // Every five minutes: decision makers' mails that did not leave are tried again.
  await RetryDecisionMakerMailsJob.schedule({})
    .id('retry-decision-maker-mails')
    .cron('2-59/5 * * * *')
    .run()
  // Hourly: identity checks and verifications a day past their 10 minutes.
  await PruneIdentityChecksJob.schedule({}).id('prune-identity-checks').cron('37 * * * *').run()
  // Hourly: signature counts per hour older than 48 hours fold into days (a
  // petition's first 7 days stay by the hour: its history keeps them).
  await PruneHourlySignaturesJob.schedule({}).id('prune-hourly-signatures').cron('29 * * * *').run()
  // Daily: unconfirmed signatures older than 7 days (never counted, so no count moves).
  await PruneUnconfirmedSignaturesJob.schedule({})
    .id('prune-unconfirmed-signatures')
    .cron('43 3 * * *')
    .run()
  // Daily: contact messages written more than 12 months ago.
  await PruneContactMessagesJob.schedule({}).id('prune-contact-messages').cron('51 3 * * *').run()
  // Daily: API tokens' requests are kept 90 days for their members to read.
  await PruneApiTokenUsesJob.schedule({}).id('prune-api-token-uses').cron('57 3 * * *').run()
  // Daily: webhook deliveries (with the bodies they sent) are kept 30 days for the owner's log.
  await PruneWebhookDeliveriesJob.schedule({})
    .id('prune-webhook-deliveries')
    .cron('59 3 * * *')
    .run()
  // Daily: owners of finished petitions are told 30 days before their
  // signers' personal data is erased; the erasure runs later the same night,
  // so it falls on the day the notice named.
  await MailRetentionNoticesJob.schedule({}).id('mail-retention-notices').cron('7 4 * * *').run()
  await EraseExpiredSignaturesJob.schedule({})
    .id('erase-expired-signatures')
    .cron('23 4 * * *')
    .run()
})
