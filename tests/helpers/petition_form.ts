import type { Page } from 'playwright-core'

/** Submits the petition's create or edit form and waits for the server's answer to it. */
export async function submitPetitionForm(page: Page) {
  await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/petition\/[^/]+\/create$/.test(response.url())
    ),
    page.getByTestId('petition-submit').click(),
  ])
}
