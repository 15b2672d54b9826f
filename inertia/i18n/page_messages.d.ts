/** Each page's messages per language, made by vite/page_messages.ts. */
declare module 'virtual:page-messages' {
  export function loadPageMessages(
    locale: string,
    page: string
  ): Promise<Record<string, string> | null>
}
