/**
 * Keyset cursors for pages ordered newest first: the start time and id of
 * the last row of a page. The id breaks ties, so rows that started in the
 * same microsecond are neither skipped nor repeated across pages.
 */

export interface PageCursor {
  at: Date;
  /** Absent in cursors that carry only a time (older links): ties may then be skipped. */
  id: string | null;
}

export class InvalidPageCursorError extends Error {}

export function encodeCursor(at: string, id: string): string {
  return `${at}|${id}`;
}

export function decodeCursor(value: string): PageCursor {
  const bar = value.indexOf('|');
  const at = new Date(bar === -1 ? value : value.slice(0, bar));
  if (Number.isNaN(at.getTime())) throw new InvalidPageCursorError('`before` is not a cursor returned as `nextBefore`');
  return { at, id: bar === -1 ? null : value.slice(bar + 1) };
}
