import { Alert, Box, Stack, Stepper, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftConflict } from '../../../../domain/order-draft.schema';
import { focusHeading } from '../../../components/layout/route-focus';
import { queryKeys } from '../../../lib/query-keys';
import { useBelow } from '../../../lib/use-below';
import { paths } from '../../../paths';
import { breakpoints } from '../../../theme';
import { useVenueMay } from '../../auth/api/get-session';
import { useOrderGuide } from '../api/get-order-guide';
import { useKeepSubstitution } from '../api/save-substitutions';
import { orderPayload } from '../order-draft';
import { draftFromForm } from '../saved-draft';
import { type AutosaveStatus, useDraftAutosave } from '../use-draft-autosave';
import { type OrderFormSetup, useOrderForm } from '../use-order-form';
import { useSubmitOrder } from '../use-submit-order';
import { MinimumGuardAlert } from './availability-note';
import { DeliveryStep } from './delivery-step';
import { GuideStep } from './guide-step';
import { OrderFormNav } from './order-form-nav';
import { PreviewStep } from './preview-step';
import { StaffOrderBanner } from './staff-order-banner';

const PRODUCT_TABLE_MIN_WIDTH = 1024;

/** 'Lake Effect IPA (BR-1105), ...': the codes left out of a copy, with their descriptions. */
function named(codes: readonly string[], products: readonly { Code: string; Description: string }[] = []) {
  const description = new Map(products.map((p) => [p.Code, p.Description]));
  return codes.map((c) => (description.get(c) ? `${description.get(c)} (${c})` : c)).join(', ');
}

/** Where a change's confirmation goes: the order's detail, the customer's or staff's. */
function changeDoneTo(orderId: number, staff: OrderFormProps['staff']): string {
  return staff ? paths.maintOrder(orderId) : paths.orderHistoryDetail(orderId);
}

export const STEP_LABELS = ['Create New Order', 'Select Your Products', 'Preview Order'] as const;

/**
 * The three-step order form (spec section 2). Continue is enabled once the current step is
 * valid; a step header can be clicked once the steps before it are valid.
 */
export interface OrderFormProps extends OrderFormSetup {
  /** The autosave's state, shown by the screen beside its title. */
  onSaveStatus?: (status: AutosaveStatus) => void;
  /** The draft was changed, sent or discarded in another tab or on another device (decision 061). */
  onDraftConflict?: (conflict: DraftConflict) => void;
  /** The network came back to a draft changed elsewhere meanwhile: which version was replaced (issue 39). */
  onDraftMerged?: (text: string) => void;
  /** Staff's order (design.md 7.5): whom it is for, as the steps and the confirmation say it, and where OK goes. */
  staff?: { customerLabel: string; doneTo: string };
}

export function OrderForm({ onSaveStatus, onDraftConflict, onDraftMerged, staff, ...setup }: OrderFormProps) {
  const isPhone = useBelow(breakpoints.small);
  // The products table needs about 1,000 px of window beside the side menu (with the guide's
  // last deliveries and par); narrower windows get cards.
  const productCards = useBelow(PRODUCT_TABLE_MIN_WIDTH);
  const state = useOrderForm(setup);
  // The order being changed or re-ordered lists its own products first: they are what the
  // customer came for (issue 33; a change since session 12, a Re-Order now too).
  const source = setup.change ?? setup.copy;
  const changedCodes = useMemo(
    () => (source ? new Set(source.Products.map((p) => p.Code)) : undefined),
    [source],
  );
  const { form, ctx, today, headerValid, productsValid } = state;
  const [active, setActive] = useState(setup.restored?.step ?? 0);
  const canSend = useVenueMay('order');
  const describe = useCallback(
    (code: string) => setup.products.find((p) => p.Code === code)?.Description ?? code,
    [setup.products],
  );
  const keepSubstitution = useKeepSubstitution(setup.customerId, describe);
  // Step 2's order guide starts loading as soon as a date is picked, so Continue shows it at once.
  useOrderGuide(setup.customerId, form.values.DeliveryDate);
  const draft = useMemo(
    () =>
      draftFromForm({
        header: form.values,
        drafts: state.drafts,
        substitutions: state.substitutions,
        step: active,
      }),
    [form.values, state.drafts, state.substitutions, active],
  );
  // The draft is the customer's next new order (design.md 7.3): staff's form and a change of a
  // placed order never write it.
  const autosave = useDraftAutosave(setup.customerId, draft, {
    enabled: !setup.asStaff && !setup.change,
    base: setup.restored?.savedAt ?? null,
    editedOfflineAt: setup.restored?.editedOfflineAt ?? null,
    ...(onDraftConflict ? { onConflict: onDraftConflict } : {}),
    ...(onDraftMerged ? { onMerged: onDraftMerged } : {}),
  });
  useEffect(() => onSaveStatus?.(autosave.status), [onSaveStatus, autosave.status]);
  const { submit, isSubmitting } = useSubmitOrder({
    today,
    onBackToStart: () => setActive(0),
    onMoveDate: (date) => form.setFieldValue('DeliveryDate', date),
    ...(setup.asStaff || setup.change ? {} : { autosave }),
    ...(staff ? { staff } : {}),
    ...(setup.change
      ? { change: { orderId: setup.change.Id, doneTo: changeDoneTo(setup.change.Id, staff) } }
      : {}),
  });

  // A restored draft opens on its step, unless that step can no longer be opened (a cutoff
  // passed since, and its date is no longer valid): then on the first step, to fix the date.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render, on purpose.
  useEffect(() => {
    if (!canOpen(active)) setActive(0);
  }, []);

  // A step change puts focus on the new step's heading, which the screen reader reads out
  // (not on the first render: the route change already focused the page's heading).
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, on purpose.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    focusHeading(stepHeading.current);
  }, [active]);

  // The preview says again when an order for the date exists: asked afresh as it opens, so an
  // order placed a moment ago in another tab or on another device is on it (issue 32).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (active === 2) void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists() });
  }, [active, queryClient]);

  const canOpen = (step: number) =>
    step === 0 || (step === 1 && headerValid) || (step === 2 && productsValid);
  const stepValid = active === 0 ? headerValid : productsValid;
  const goTo = (step: number) => {
    if (!canOpen(step)) return;
    setActive(step);
    window.scrollTo({ top: 0 });
  };

  const onSubmitStep = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a quantity box should not jump to the preview; only the Continue button moves on there.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (active === 1 && !submitter) return;
    if (active < 2) {
      if (active === 0 && form.validate().hasErrors) return;
      goTo(active + 1);
    } else {
      // Units typed beside cases wait for the customer's choice on step 2 (issue 32); a Counter
      // prepares the draft but does not send it (design.md 8.2).
      if (state.totals.unitsBesideCases.length > 0 || !canSend) return;
      const entry = setup.asStaff
        ? {
            customerId: setup.customerId,
            overrideLeadTime: state.overrideLeadTime,
            overrideLicense: state.overrideLicense,
          }
        : null;
      void submit(orderPayload(form.getValues(), state.lines, ctx.customerTypeId, entry));
    }
  };

  const header = form.getValues();
  return (
    <form onSubmit={onSubmitStep} noValidate aria-label={setup.change ? 'Change order' : 'New order'}>
      <Stack gap="md">
        {staff && <StaffOrderBanner customerLabel={staff.customerLabel} />}
        <Stepper
          active={active}
          onStepClick={goTo}
          size={isPhone ? 'xs' : 'sm'}
          iconSize={isPhone ? 28 : undefined}
          allowNextStepsSelect
        >
          {STEP_LABELS.map((label, step) => (
            <Stepper.Step
              key={label}
              // A phone has room for one label in a row: the current step's; the others keep their name.
              label={isPhone && step !== active ? undefined : label}
              aria-label={label}
              allowStepSelect={canOpen(step)}
              disabled={step !== active && !canOpen(step)}
              aria-current={step === active ? 'step' : undefined}
              style={step !== active && !canOpen(step) ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
            >
              <VisuallyHidden component="h2" ref={stepHeading} data-step-heading="">
                {`Step ${step + 1} of 3: ${label}`}
              </VisuallyHidden>
              {step === 0 && (
                <DeliveryStep
                  form={form}
                  ctx={ctx}
                  today={today}
                  orders={setup.orders}
                  changing={setup.change?.Id}
                  {...(setup.asStaff
                    ? {
                        override: {
                          on: state.overrideLeadTime,
                          onChange: state.setOverrideLeadTime,
                          license: {
                            on: state.overrideLicense,
                            onChange: state.setOverrideLicense,
                            expires: setup.licenseExpires ?? null,
                          },
                        },
                      }
                    : {})}
                />
              )}
              {step === 1 && (
                <Stack gap="sm">
                  <MinimumGuardAlert warning={state.minimum?.outWarning ?? null} />
                  {state.copiedButUnavailable.length > 0 && (
                    <Alert color="yellow" title="Some products were left out">
                      {`Not available for this delivery date: ${named(state.copiedButUnavailable, (setup.change ?? setup.copy)?.Products)}.`}
                    </Alert>
                  )}
                  <GuideStep
                    state={state}
                    orders={setup.orders ?? []}
                    asCards={productCards}
                    hasLinkedProducts={setup.products.length > 0}
                    firstCodes={changedCodes}
                  />
                </Stack>
              )}
              {step === 2 && (
                <Box mb={state.minimum?.outWarning ? 'sm' : 0}>
                  <MinimumGuardAlert warning={state.minimum?.outWarning ?? null} />
                </Box>
              )}
              {step === 2 && (
                <PreviewStep
                  paymentTerms={setup.paymentTerms ?? null}
                  onSubstitution={state.onSubstitution}
                  {...(canSend ? { onKeepSubstitution: keepSubstitution } : {})}
                  orders={setup.orders}
                  header={header}
                  lines={state.lines}
                  estimate={state.estimate}
                  customerTypeId={ctx.customerTypeId}
                  today={today}
                  isPhone={isPhone}
                  changing={setup.change?.Id}
                  was={
                    setup.change
                      ? { DeliveryDate: setup.change.DeliveryDate, Products: setup.change.Products }
                      : undefined
                  }
                  {...(staff
                    ? {
                        staff: {
                          customerLabel: staff.customerLabel,
                          override: state.overrideLeadTime,
                          overrideLicense: state.overrideLicense,
                        },
                      }
                    : {})}
                />
              )}
            </Stepper.Step>
          ))}
        </Stepper>
        <OrderFormNav
          active={active}
          stepValid={stepValid}
          totals={active > 0 ? state.totals : null}
          minimum={active > 0 ? state.minimum : null}
          estimate={active > 0 ? state.estimate : undefined}
          asStaff={setup.asStaff ?? false}
          onBack={() => goTo(active - 1)}
          isSubmitting={isSubmitting}
          compact={isPhone}
          canSend={canSend}
        />
      </Stack>
    </form>
  );
}
