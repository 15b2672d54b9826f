import type { ApiArea } from '#openapi/area'
import { notFound, notModified, openDataHeaders, tooManyRequests } from '#openapi/common'
import { PETITION_TOPICS } from '#shared/petitions/topics'

const TAG = 'Feeds'

const atomExample = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
    <id>https://example.org/petitions/countries/GB.atom</id>
    <title>Undersign — new petitions: United Kingdom</title>
    <updated>2026-10-02T08:14:31.000Z</updated>
    <link rel="alternate" href="https://example.org/petitions?country=GB"/>
    <link rel="self" href="https://example.org/petitions/countries/GB.atom"/>
    <entry>
        <title type="html"><![CDATA[A park for Oak Hill]]></title>
        <id>urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e</id>
        <link href="https://example.org/petition/a-park-for-oak-hill"/>
        <updated>2026-10-02T08:14:31.000Z</updated>
        <summary type="html"><![CDATA[Children play on the road. We ask for a park on the empty lot.]]></summary>
        <author><name>Olena</name></author>
        <category label="Environment" term="environment"/>
        <published>2026-10-02T08:14:31.000Z</published>
    </entry>
</feed>
`

/** A feed's answer: Atom for a feed reader, a page about the feed for a browser that asks for HTML. */
const feed = (description: string) => ({
  '200': {
    description,
    headers: openDataHeaders,
    content: {
      'application/atom+xml': { schema: { type: 'string' }, example: atomExample },
      'text/html': {
        schema: { type: 'string' },
        example: '<!doctype html>…',
      },
    },
  },
  '304': notModified,
  '404': notFound,
  '429': tooManyRequests(300),
})

/** Atom feeds of the 20 newest listed petitions of a topic or a country, in every language. */
const feeds: ApiArea = {
  tags: [
    {
      name: TAG,
      description:
        'Atom feeds (RFC 4287) of the 20 newest listed petitions of a topic or a country, in every language, newest first; titled in the language of the site asked. A browser that asks for HTML gets a page about the feed instead.',
    },
  ],
  paths: {
    '/petitions/topics/{topic}.atom': {
      get: {
        operationId: 'feeds.topic',
        tags: [TAG],
        summary: 'New petitions about a topic',
        parameters: [
          {
            name: 'topic',
            in: 'path',
            required: true,
            description: 'A topic key; any other answers 404.',
            schema: { enum: [...PETITION_TOPICS] },
            example: 'environment',
          },
        ],
        responses: feed('The feed of the topic.'),
      },
    },
    '/petitions/countries/{country}.atom': {
      get: {
        operationId: 'feeds.country',
        tags: [TAG],
        summary: 'New petitions for a country',
        parameters: [
          {
            name: 'country',
            in: 'path',
            required: true,
            description: 'ISO 3166-1 alpha-2, either case; an unknown code answers 404.',
            schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
            example: 'DE',
          },
        ],
        responses: feed('The feed of the country.'),
      },
    },
  },
}

export default feeds
