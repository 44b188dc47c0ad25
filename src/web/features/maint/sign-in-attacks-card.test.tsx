import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInAttacks } from '../../../domain/sign-in-attacks.schema';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { SignInAttacksCard } from './components/sign-in-attacks-card';

afterEach(() => vi.unstubAllGlobals());

const start = Date.UTC(2026, 10, 24, 17);
const hours = (busy: Record<number, [number, number]> = {}): SignInAttacks['Hours'] =>
  Array.from({ length: 24 }, (_, i) => ({
    Hour: new Date(start + i * 3_600_000).toISOString(),
    Failed: busy[i]?.[0] ?? 0,
    Blocked: busy[i]?.[1] ?? 0,
  }));

function renderCard(report: SignInAttacks | [number, unknown]) {
  const api = mockApi({ 'GET /api/v1/SignInAttacks': Array.isArray(report) ? report : [200, report] });
  renderRoutes([{ path: '/', element: <SignInAttacksCard /> }], '/');
  return api;
}

describe('sign-in attacks card', () => {
  it('shows the totals, the hours with attempts and the accounts most tried', async () => {
    renderCard({
      Hours: hours({ 22: [5, 95], 23: [3, 0] }),
      Accounts: [
        { Kind: 'customer', Account: '7301', Failed: 5 },
        { Kind: 'admin', Account: 'admin', Failed: 3 },
      ],
      AccountsWithFailures: 2,
    });
    expect(await screen.findByText('8 failed')).toBeTruthy();
    expect(screen.getByText('95 blocked')).toBeTruthy();
    expect(screen.getByText(/on 2 accounts/).textContent).toBe('8 failed, 95 blocked on 2 accounts');
    const bars = within(screen.getByRole('list', { name: 'Attempts per hour' })).getAllByRole('listitem');
    expect(bars).toHaveLength(24);
    expect(bars[22]!.getAttribute('aria-label')).toMatch(/5 failed, 95 blocked$/);
    const rows = within(screen.getByRole('table', { name: 'Accounts most tried' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'AccountFailed sign-ins',
      'Customer 73015',
      'Staff user admin3',
    ]);
  });

  it('says so when nothing failed', async () => {
    renderCard({ Hours: hours(), Accounts: [], AccountsWithFailures: 0 });
    expect(await screen.findByText('No failed sign-ins in the last 24 hours.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the figures cannot be loaded', async () => {
    renderCard([500, { ErrorMessage: 'Something went wrong' }]);
    expect(await screen.findByText('The sign-in figures could not be loaded.')).toBeTruthy();
  });
});
