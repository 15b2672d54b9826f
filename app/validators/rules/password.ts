import vine from '@vinejs/vine'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import type { FieldContext } from '@vinejs/vine/types'

let commonPasswords: Set<string> | null = null

/** resources/security/common_passwords.txt, read once. */
function loadCommonPasswords() {
  commonPasswords ??= new Set(
    readFileSync(app.makePath('resources/security/common_passwords.txt'), 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#'))
  )
  return commonPasswords
}

export function isCommonPassword(password: string) {
  return loadCommonPasswords().has(password.trim().toLowerCase())
}

const notCommonRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value === 'string' && isCommonPassword(value)) {
      field.report('This password is too common. Please choose another one', 'notCommon', field)
    }
  }
)

/**
 * A new password: at least 8 characters (at most 128, to bound hashing
 * work) and not one of the passwords everybody tries first.
 */
export const newPassword = () => vine.string().minLength(8).maxLength(128).use(notCommonRule())

/** The repeated password, with its own error slot (password_confirmation). */
export const passwordConfirmation = () => vine.string().sameAs('password')
