import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type SavedSubstitutions,
  type Substitution,
  type SubstitutionsSave,
  substitutionLabel,
} from '../../../../domain/availability';
import type { Customer } from '../../../../domain/customer.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function saveSubstitutions(
  customerId: number,
  preferences: SubstitutionsSave,
): Promise<SavedSubstitutions> {
  return apiFetch<SavedSubstitutions>(`Customer/${customerId}/Substitutions`, {
    method: 'PUT',
    body: preferences,
  });
}

/**
 * PUT Customer/{id}/Substitutions (design.md 8.3). The answer is every kept preference other
 * than Allow: the customer's products in the cache take them at once (the form starts each
 * line from them), and the guides and the worksheet read them again.
 */
export function useSaveSubstitutions(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: SubstitutionsSave) => saveSubstitutions(customerId, preferences),
    onSuccess: (saved) => {
      const byCode = new Map(saved.map((p) => [p.Code, p.Preference]));
      queryClient.setQueryData<Customer>(queryKeys.customers.detail(customerId), (c) =>
        c
          ? { ...c, Products: c.Products.map((p) => ({ ...p, Substitution: byCode.get(p.Code) ?? 'Allow' })) }
          : c,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orderGuides(customerId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.worksheet(customerId) }),
      ]);
    },
  });
}

/**
 * The review's "Keep for next orders" (design.md 8.3): a line's choice kept as the customer's
 * preference for the product, said in a notification; a failure is said by the error dialog.
 */
export function useKeepSubstitution(customerId: number, describe: (code: string) => string) {
  const save = useSaveSubstitutions(customerId);
  return useCallback(
    (code: string, preference: Substitution) =>
      save.mutate([{ Code: code, Preference: preference }], {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `Kept for your next orders: ${substitutionLabel[preference].toLowerCase()} for ${describe(code)}.`,
          }),
      }),
    [save.mutate, describe],
  );
}
