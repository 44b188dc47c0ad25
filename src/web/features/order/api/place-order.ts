import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { placeOrder } from './order-calls';

/** POST Order. The form shows the spec's 'Order Error' dialog itself, so the general one is off. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    meta: { errorDialog: false },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.worksheetAll });
    },
    // A refused order may have met rules that changed since the form loaded them (a type's new
    // minimum, design.md 7.11): read the types again, so the summary says what is missing now.
    onError: (error) => {
      if (isApiError(error, 422))
        void queryClient.invalidateQueries({ queryKey: queryKeys.customerTypes.all });
    },
  });
}
