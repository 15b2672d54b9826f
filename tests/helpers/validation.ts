import type { ApiResponse } from '@japa/api-client'
import assert from 'node:assert/strict'

/** Field errors flashed by a failed validation (the session's inputErrorsBag). */
export function fieldErrors(response: ApiResponse): Record<string, string[]> {
  return (response.flashMessages()?.inputErrorsBag ?? {}) as Record<string, string[]>
}

export function assertFieldError(response: ApiResponse, field: string) {
  assert.ok(field in fieldErrors(response), `expected a validation error for ${field}`)
}

export function assertNoFieldError(response: ApiResponse, field: string) {
  assert.ok(!(field in fieldErrors(response)), `expected no validation error for ${field}`)
}
