import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderGuide, ParsSave, SavedPars } from '../../../../domain/order-guide.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function savePars(customerId: number, pars: ParsSave): Promise<SavedPars> {
  return apiFetch<SavedPars>(`Customer/${customerId}/Pars`, { method: 'PUT', body: pars });
}

/**
 * PUT Customer/{id}/Pars. The answer is every saved par: the guides in the cache take them at
 * once (no new load of 1,500 products for one number), and the worksheet's Par column reloads.
 */
export function useSavePars(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pars: ParsSave) => savePars(customerId, pars),
    // The par's dialog says what went wrong itself.
    meta: { errorDialog: false },
    onSuccess: (saved) => {
      const byCode = new Map(saved.map((p) => [p.Code, p.Par]));
      queryClient.setQueriesData<OrderGuide>({ queryKey: queryKeys.orderGuides(customerId) }, (guide) =>
        guide
          ? {
              ...guide,
              Products: guide.Products.map((p) => ({ ...p, Par: byCode.get(p.Code) ?? null })),
            }
          : guide,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.worksheet(customerId) });
    },
  });
}
