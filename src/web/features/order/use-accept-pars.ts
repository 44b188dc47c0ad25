import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import type { OrderGuideProduct } from '../../../domain/order-guide.schema';
import { useSavePars } from './api/save-pars';
import { suggestionOf } from './order-guide-draft';

/**
 * Accepting suggested pars (issue 32): a suggestion fills nothing when ordering to par until the
 * customer makes it the product's par, one row's or all those shown at once. Saved as any par
 * is (PUT Customer/{id}/Pars), so the next order has it too; the guide's cache takes it at once.
 */
export function useAcceptPars(customerId: number, figures: ReadonlyMap<string, OrderGuideProduct>) {
  const { mutate: savePars } = useSavePars(customerId);
  return useCallback(
    (codes: readonly string[]) => {
      const pars = codes.flatMap((Code) => {
        const Par = suggestionOf(figures.get(Code));
        return Par === null ? [] : [{ Code, Par }];
      });
      const [first] = pars;
      if (!first) return;
      savePars(pars, {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message:
              pars.length === 1
                ? `Par of ${figures.get(first.Code)?.Description ?? first.Code} saved: ${first.Par} cases.`
                : `${pars.length} suggested pars saved as your pars.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', message: `The pars could not be saved. ${error.message}` }),
      });
    },
    [figures, savePars],
  );
}
