import { useNavigate } from 'react-router';
import { paths } from '../../../paths';
import { useDeleteDraft } from '../api/delete-draft';
import { useDraft } from '../api/get-draft';
import type { DraftRouteState } from '../use-draft-choice';
import { DraftOffer } from './draft-offer';

/** The order home's offer of the unsent order: Continue opens it, Discard opens a fresh form. */
export function HomeDraftOffer({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const { data } = useDraft(customerId);
  const remove = useDeleteDraft(customerId);
  if (!data) return null;
  const state: DraftRouteState = { draft: 'continue' };
  return (
    <DraftOffer
      draft={data.Order}
      onContinue={() => void navigate(paths.orderForm(0), { state })}
      onDiscard={() => remove.mutate(undefined, { onSuccess: () => void navigate(paths.orderForm(0)) })}
      discarding={remove.isPending}
    />
  );
}
