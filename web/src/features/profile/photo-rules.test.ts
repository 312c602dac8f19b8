import { describe, expect, it } from 'vitest';
import { checkPhoto } from './photo-rules';

describe('photo checks in the browser', () => {
  it('mirrors the server: count, type and size, with the same messages', () => {
    expect(checkPhoto({ type: 'image/jpeg', size: 1000 }, 0)).toBeNull();
    expect(checkPhoto({ type: 'image/jpeg', size: 1000 }, 6)?.title).toBe('Maximum photos reached');
    expect(checkPhoto({ type: 'application/x-php', size: 10 }, 0)?.title).toBe('Invalid file type');
    expect(checkPhoto({ type: 'image/svg+xml', size: 10 }, 0)?.title).toBe('Invalid file type');
    expect(checkPhoto({ type: 'image/png', size: 11 * 1024 * 1024 }, 0)).toEqual({
      title: 'File too large',
      description: 'Maximum file size is 10MB',
    });
  });
});
