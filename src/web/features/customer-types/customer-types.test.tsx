import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerTypeListItem } from '../../../domain/customer-type.schema';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { Component as CustomerTypes } from './customer-types.route';

afterEach(() => vi.unstubAllGlobals());

const type = (Id: number, Name: string, MinimumCases: number): CustomerTypeListItem => ({
  Id,
  Name,
  LeadHours: 24,
  CutoffHours: 16,
  CutoffMinutes: 0,
  MinimumCases,
});

function renderList(types: CustomerTypeListItem[]) {
  mockApi({ 'GET /api/v1/CustomerTypes': [200, types] });
  return renderRoutes([{ path: '/maint/customertype', Component: CustomerTypes }], '/maint/customertype');
}

/** The cells of the Minimum Cases column, top to bottom. */
async function minimumCells() {
  const table = await screen.findByRole('table', { name: 'Customer Types' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const column = headers.indexOf('Minimum Cases');
  expect(column).toBeGreaterThan(-1);
  const rows = within(table).getAllByRole('row').slice(1);
  return rows.map((r) => within(r).getAllByRole('cell')[column]?.textContent);
}

describe('Customer Types list', () => {
  it('shows each type\'s order minimum in cases, and "None" for 0 (design.md 7.11)', async () => {
    renderList([type(1, 'Bars', 0), type(2, 'Restaurants', 1), type(3, 'Chains', 25)]);
    expect(await screen.findByText('Restaurants')).toBeTruthy();
    expect(await minimumCells()).toEqual(['None', '1 case', '25 cases']);
  });
});
