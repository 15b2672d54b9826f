import { test } from '@japa/runner'
import { linkIn } from '#tests/shipped/support/mailbox'
import { shippedApp, shippedDb, sourceReads, visitor } from '#tests/shipped/support/shipped_app'

const EMAIL = 'oksana@example.com'
const PASSWORD = 'violet-river-3141'
const NEW_PASSWORD = 'amber-harbour-2718'

test.group('Shipped: accounts', () => {
  test('sign up in Ukrainian, verify from the mail, log out and in, reset the password', async ({
    assert,
  }) => {
    const { mailbox } = shippedApp()
    const oksana = visitor('uk')
    assert.equal((await oksana.open('/signup')).page?.component, 'Auth/Registration')

    const signup = await oksana.submit('POST', '/signup', {
      json: {
        firstName: 'Оксана',
        lastName: 'Шевченко',
        email: EMAIL,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    })
    assert.equal(signup.reply.status, 302)
    assert.equal(signup.landing?.component, 'My/MyPetitions')
    assert.equal(signup.landing?.props.user.firstName, 'Оксана')

    // The verification mail, in Ukrainian, with a link to the Ukrainian site.
    const verification = await mailbox.waitFor(EMAIL)
    assert.equal(verification.subject, 'Підтвердьте свою адресу електронної пошти для Undersign')
    const verifyLink = linkIn(verification, '/auth/email/verify/')
    assert.match(verifyLink, /^https:\/\/uk\.undersign\.test\//)
    // Opening it only asks (a mail scanner verifies nothing); its button verifies.
    const question = await oksana.open(verifyLink)
    assert.equal(question.page?.component, 'Auth/VerifyEmail')
    const unverified = await shippedDb().from('users').where('email', EMAIL).firstOrFail()
    assert.equal(unverified.role, 0)
    const verified = await oksana.submit('POST', verifyLink, { json: { answer: 'verify' } })
    assert.equal(verified.landing?.component, 'My/MyPetitions')
    assert.isString(verified.landing?.props.alerts.success)
    const account = await shippedDb().from('users').where('email', EMAIL).firstOrFail()
    assert.equal(account.role, 1)

    // Log out, then in again. Opening the old GET link logs no one out: its
    // page's button posts, and only that POST ends the session.
    const logoutPage = await oksana.visit('/logout')
    assert.equal(logoutPage.component, 'Auth/Logout')
    assert.equal(logoutPage.props.user.firstName, 'Оксана')
    const loggedOut = await oksana.submit('POST', '/logout', { json: {} })
    assert.equal(loggedOut.reply.status, 302)
    assert.isNull(loggedOut.landing?.props.user)
    await oksana.open('/login')
    const login = await oksana.submit('POST', '/login', {
      json: { email: EMAIL, password: PASSWORD },
    })
    assert.equal(login.landing?.component, 'My/MyPetitions')

    // Forgotten password, from another browser: the mailed link sets a new one.
    const phone = visitor('uk')
    await phone.open('/auth/password/reset')
    const requested = await phone.submit('POST', '/auth/password/email', { json: { email: EMAIL } })
    assert.isString(requested.landing?.props.messages.success)
    const resetMail = await mailbox.waitFor(EMAIL)
    const resetPage = await phone.open(linkIn(resetMail, '/auth/password/reset/'))
    assert.equal(resetPage.page?.component, 'Auth/PasswordReset')
    assert.equal(resetPage.page?.props.email, EMAIL)
    const reset = await phone.submit('POST', '/auth/password/reset', {
      json: {
        token: resetPage.page?.props.token,
        email: EMAIL,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    })
    assert.equal(reset.landing?.component, 'My/MyPetitions')
    assert.equal(reset.landing?.props.user.email, EMAIL)

    // The first browser was logged out; only the new password opens the account.
    assert.isNull((await oksana.visit('/')).props.user)
    const old = await oksana.submit('POST', '/login', {
      json: { email: EMAIL, password: PASSWORD },
    })
    assert.isNull(old.landing?.props.user)
    const fresh = await oksana.submit('POST', '/login', {
      json: { email: EMAIL, password: NEW_PASSWORD },
    })
    assert.equal(fresh.landing?.component, 'My/MyPetitions')
    assert.deepEqual(sourceReads(), [], 'files read from the sources instead of the build')
  })
})
