import type PetitionChanged from '#events/petition_changed'
import { forgetPetitionPages } from '#services/petitions/page_data'

/** This process shows a changed petition at once: its cached page data goes. */
export default class ForgetPetitionPages {
  handle(event: PetitionChanged) {
    forgetPetitionPages(event.petitionIds)
  }
}
