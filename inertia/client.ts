import { registry } from '@generated/registry'
import { createTuyau } from '@tuyau/core/client'

/**
 * The server's routes, by name: `urlFor('petitions.show', { slug })`. Paths
 * are relative to the current host, so each language subdomain keeps its own.
 */
export const client = createTuyau({ baseUrl: '/', registry })

export const urlFor = client.urlFor
