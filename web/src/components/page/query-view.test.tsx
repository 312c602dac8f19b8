import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { QueryView } from './query-view';

function Queue({ load }: { load: () => Promise<string[]> }) {
  const cases = useQuery({ queryKey: ['cases'], queryFn: load, retry: false });
  return (
    <QueryView query={cases} failure="Could not load the reports." empty={<p>No open reports.</p>}>
      {(list) => (
        <ul>
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

const renderQueue = (load: () => Promise<string[]>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Queue load={load} />
    </QueryClientProvider>,
  );

describe('QueryView', () => {
  it('says a failed load failed, never that there is nothing to review', async () => {
    renderQueue(() => Promise.reject(new ApiError(503, 'INTERNAL', 'The database does not answer.')));
    expect((await screen.findByRole('alert')).textContent).toBe('The database does not answer.');
    expect(screen.queryByText('No open reports.')).toBeNull();
  });

  it('shows the empty text for an empty list, and the items otherwise', async () => {
    renderQueue(() => Promise.resolve([]));
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    renderQueue(() => Promise.resolve(['Case 1']));
    expect(await screen.findByText('Case 1')).toBeTruthy();
  });
});
