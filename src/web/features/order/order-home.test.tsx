import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as OrderHome } from './order-home.route';
import { mockApi, renderOrderRoutes } from './test/render-order';

const message = (Id: number, Message: string) => ({
  Id,
  Message,
  StartDate: '2026-06-01',
  EndDate: '2026-06-30',
  CustomerTypeId: 1,
});

const renderHome = () => renderOrderRoutes([{ path: '/order/home', Component: OrderHome }], '/order/home');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('order home', { timeout: 15_000 }, () => {
  it("titles one message 'Order Message' and renders its HTML safely", async () => {
    mockApi({
      'GET DisplayMessages/1': {
        status: 200,
        body: [message(1, '<p><b>Kegs</b> go back<script>alert(1)</script></p>')],
      },
    });
    const { container } = renderHome();
    expect(await screen.findByText('Kegs')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order Message');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('Continue').closest('a')?.getAttribute('href')).toBe('/order/form/0');
  });

  it("titles several messages 'Order Messages'", async () => {
    mockApi({ 'GET DisplayMessages/1': { status: 200, body: [message(1, 'One'), message(2, 'Two')] } });
    renderHome();
    expect(await screen.findByText('Two')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order Messages');
  });

  it('says when there are no messages', async () => {
    mockApi({ 'GET DisplayMessages/1': { status: 200, body: [] } });
    renderHome();
    expect(await screen.findByText('There are no messages at this time.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order Messages');
  });
});
