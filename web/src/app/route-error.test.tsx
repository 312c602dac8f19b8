import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('render failed');
}

describe('app error fallback', () => {
  it("shows 'Unexpected Application Error!' when a page throws, and the app again after leaving it", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/" element={<h1>Home page</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    quiet.mockRestore();
  });
});
