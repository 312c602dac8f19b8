/** An ILIKE pattern for text containing `text` as typed: its own %, _ and \ match themselves. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
