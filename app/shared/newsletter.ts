/** What a mailed newsletter link asks for. */
export type LinkIntent = 'subscribe' | 'unsubscribe'
