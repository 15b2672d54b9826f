import { BaseModel, beforeSave, column } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { descriptionText } from '#support/search_text'
import { searchTerms } from '#support/search_terms'

/** The columns a petition's search terms are made of. */
type Indexed = {
  title: string
  target: string
  description: string
  region: string | null
  country: string | null
  lang: string
}

/** The columns whose change rewrites the search terms. */
const SEARCHED_COLUMNS = ['title', 'target', 'description', 'region', 'country', 'lang']

/**
 * What the search index reads of a petition, kept in step with what its
 * owner writes: every save that changes a searched column writes them
 * again, so that no writer can forget to.
 */
export function withSearchIndex<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class PetitionSearchIndex extends superclass {
    /** The description's words without markup, for the search index; kept by `keepDescriptionText`. */
    @column()
    declare descriptionText: string

    /** Its places and the stems of its words, for the search index (support/search_terms). */
    @column({ serializeAs: null })
    declare searchTerms: string

    /**
     * The search index reads the description's words, not its tags: every
     * save that writes the HTML writes its text too.
     */
    @beforeSave()
    static keepDescriptionText(petition: PetitionSearchIndex & Indexed) {
      if (petition.$dirty.description === undefined) return
      petition.descriptionText = descriptionText(petition.description ?? '')
    }

    /** Declared after `keepDescriptionText`, whose text it reads: hooks run in that order. */
    @beforeSave()
    static keepSearchTerms(petition: PetitionSearchIndex & Indexed) {
      const dirty = petition.$dirty
      if (petition.$isPersisted && !SEARCHED_COLUMNS.some((key) => dirty[key] !== undefined)) {
        return
      }
      petition.searchTerms = searchTerms(petition)
    }
  }
  return PetitionSearchIndex
}
