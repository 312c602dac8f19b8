import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATHS } from '@contracts/pages';
import { ROUTE_PATHS } from './router';

describe('pages', () => {
  it('lists for the server exactly the pages the router has', () => {
    expect([...PAGE_PATHS].sort()).toEqual([...ROUTE_PATHS].sort());
  });

  it('tells a page path from any other', () => {
    expect(isPagePath('/dashboard')).toBe(true);
    expect(isPagePath('/dashboard/')).toBe(true);
    expect(isPagePath('/shared-date/abc123')).toBe(true);
    expect(isPagePath('/shared-date/abc/def')).toBe(false);
    expect(isPagePath('/no/such/page')).toBe(false);
    expect(isPagePath('/dashboardx')).toBe(false);
  });
});
