import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderGuide, ParsSave, SavedPars } from '../../../../domain/order-guide.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function savePars(customerId: number, pars: ParsSave): Promise<SavedPars> {
  return apiFetch<SavedPars>(`Customer/${customerId}/Pars`, { method: 'PUT', body: pars });
}

/**
 * PUT Customer/{id}/Pars. The answer is every saved par: the guides in the cache take them at
 * once, and the worksheet's Par column reloads. A par on a product the guide did not list (it
 * had no figure: decision 046) lists it: the guides load again for it.
 */
export function useSavePars(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pars: ParsSave) => savePars(customerId, pars),
    // The par's dialog says what went wrong itself.
    meta: { errorDialog: false },
    onSuccess: (saved) => {
      const byCode = new Map(saved.map((p) => [p.Code, p.Par]));
      let unlisted = false;
      queryClient.setQueriesData<OrderGuide>({ queryKey: queryKeys.orderGuides(customerId) }, (guide) => {
        if (!guide) return guide;
        const listed = new Set(guide.Products.map((p) => p.Code));
        if (saved.some((p) => !listed.has(p.Code))) unlisted = true;
        return { ...guide, Products: guide.Products.map((p) => ({ ...p, Par: byCode.get(p.Code) ?? null })) };
      });
      if (unlisted) void queryClient.invalidateQueries({ queryKey: queryKeys.orderGuides(customerId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.worksheet(customerId) });
    },
  });
}
