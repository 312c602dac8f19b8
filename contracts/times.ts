/**
 * A moment inside a stored text (a notification), written as a token the reader's browser turns
 * into their own time zone: the server does not know where the member is, and 'UTC' is nobody's
 * local time.
 */
export const timeToken = (date: Date) => `{time:${date.toISOString()}}`;

const TOKEN = /\{time:(\d{4}-\d\d-\d\dT[\d:.]+Z)\}/g;

/** The text with each time token written by `format` (the browser's local time, by default). */
export function withLocalTimes(text: string, format: (date: Date) => string = localDateTime): string {
  return text.replace(TOKEN, (_token, iso: string) => format(new Date(iso)));
}

export const localDateTime = (date: Date) =>
  date.toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
