import type User from '#models/user'
import { site } from '#config/site'
import { configuredProviders } from '#config/ally'

/** Auth/Login: the form, whether the bot check is asked for, and the providers to sign in with. */
export function loginProps(botCheckRequired: boolean) {
  return {
    turnstileKey: site.turnstileSiteKey,
    botCheckRequired,
    signInProviders: configuredProviders(),
  }
}

/** Auth/Registration: the form and the providers; a guest on the way to start a petition is told so. */
export function registrationProps(startingPetition: boolean) {
  return {
    turnstileKey: site.turnstileSiteKey,
    // A guest on the way to start a petition is told that it takes a minute, and where it leads.
    startingPetition,
    signInProviders: configuredProviders(),
  }
}

/** Auth/ForgetPassword: the form and the providers to sign in with instead. */
export function forgotPasswordProps() {
  return { signInProviders: configuredProviders() }
}

/** Auth/PasswordReset: the mailed token and address, and the providers to sign in with instead. */
export function passwordResetProps(token: string, email: string) {
  return { token, email, signInProviders: configuredProviders() }
}

/**
 * Auth/VerifyEmail: the buttons that answer the mailed verification link,
 * for the account it names (or none, for a link that does not work).
 */
export function verifyEmailProps(user: User | null, actionUrl: string) {
  return {
    actionUrl: user ? actionUrl : null,
    email: user?.email ?? null,
    verified: user?.isVerified ?? false,
  }
}

/** Account/ConfirmEmailChange: the button that moves the account to its new address. */
export function confirmEmailChangeProps(user: User | null, actionUrl: string) {
  return { actionUrl: user ? actionUrl : null, newEmail: user?.pendingEmail ?? null }
}

/** Account/UndoEmailChange: the button that brings the account back to the address it left. */
export function undoEmailChangeProps(link: { user: User; from: string } | null, actionUrl: string) {
  return {
    actionUrl: link ? actionUrl : null,
    previousEmail: link?.from ?? null,
    currentEmail: link?.user.email ?? null,
  }
}

/** Account/ConfirmDeletion: the button that deletes the account the mailed link names. */
export function confirmDeletionProps(user: User | null, actionUrl: string) {
  return { actionUrl: user ? actionUrl : null, email: user?.email ?? null }
}
