import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidPageCursorError } from './cursor.ts';

describe('page cursors', () => {
  it('round-trip a time and an id', () => {
    const cursor = decodeCursor(encodeCursor('2026-11-21T10:00:00.000Z', 'abc'));
    expect(cursor).toEqual({ at: new Date('2026-11-21T10:00:00.000Z'), id: 'abc' });
  });

  it('accept a bare time and reject garbage', () => {
    expect(decodeCursor('2026-11-21T10:00:00Z').id).toBeNull();
    expect(() => decodeCursor('yesterday')).toThrow(InvalidPageCursorError);
  });
});
